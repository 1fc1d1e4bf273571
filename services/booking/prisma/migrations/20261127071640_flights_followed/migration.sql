-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "flight_arrival" TIMESTAMPTZ(3),
ADD COLUMN     "flight_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "flight_scheduled_arrival" TIMESTAMPTZ(3),
ADD COLUMN     "flight_status" TEXT,
ADD COLUMN     "pickup_pinned" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "flight_delays" (
    "flight_number" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "minutes" INTEGER NOT NULL,
    "set_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "flight_delays_pkey" PRIMARY KEY ("flight_number","date")
);

-- The flight poll's question (hand-written: Prisma cannot express a partial index): the upcoming
-- rides with a flight, by pickup.
CREATE INDEX "bookings_followed_flights" ON "bookings" ("pickup_at") WHERE "flight_number" IS NOT NULL AND "status" IN ('pending', 'confirmed');

-- A pickup that follows its flight is the arrival plus the free-wait start, to the minute (17:55):
-- the half-hour slots stay the rule for what customers and admins type (the contracts' PickupTime).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pickup_time_check",
    ADD CONSTRAINT "bookings_pickup_time_check" CHECK ("pickup_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
