-- AlterTable
ALTER TABLE "drivers" ADD COLUMN     "photo_version" TEXT,
ADD COLUMN     "vehicle_colour" TEXT,
ADD COLUMN     "vehicle_plate" TEXT;

-- CreateTable
CREATE TABLE "driver_photos" (
    "driver_id" INTEGER NOT NULL,
    "jpeg" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "driver_photos_pkey" PRIMARY KEY ("driver_id")
);

-- AddForeignKey
ALTER TABLE "driver_photos" ADD CONSTRAINT "driver_photos_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The car's plate and colour, as libs/contracts drivers/car.ts allows them: a US plate in upper
-- case, 1 to 8 characters, letters and digits with at most one space or hyphen between them; a
-- colour of the fixed list.
ALTER TABLE "drivers"
    ADD CONSTRAINT "drivers_vehicle_plate_check" CHECK ("vehicle_plate" ~ '^[A-Z0-9]+([ -][A-Z0-9]+)?$' AND length("vehicle_plate") <= 8),
    ADD CONSTRAINT "drivers_vehicle_colour_check" CHECK ("vehicle_colour" IN ('Black', 'White', 'Silver', 'Gray', 'Blue', 'Red', 'Green', 'Brown', 'Gold', 'Beige', 'Burgundy')),
    ADD CONSTRAINT "drivers_photo_version_check" CHECK ("photo_version" <> '');

-- The resized JPEG only (the gateway's 256x256): never an upload as sent.
ALTER TABLE "driver_photos"
    ADD CONSTRAINT "driver_photos_jpeg_check" CHECK (octet_length("jpeg") BETWEEN 1 AND 1000000);
