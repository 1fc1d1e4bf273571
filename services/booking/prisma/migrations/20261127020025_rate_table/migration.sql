-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "linked_booking_id" INTEGER,
ADD COLUMN     "price_detail" JSONB,
ADD COLUMN     "rate_version" INTEGER,
ADD COLUMN     "trip_leg" TEXT,
ADD COLUMN     "trip_reference" TEXT;

-- CreateTable
CREATE TABLE "rate_table_versions" (
    "version" INTEGER NOT NULL,
    "table" JSONB NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed_by" TEXT NOT NULL,
    "summary" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "rate_table_versions_pkey" PRIMARY KEY ("version")
);

-- CreateIndex
CREATE INDEX "bookings_trip_reference_idx" ON "bookings"("trip_reference");

-- A leg is the outbound or the return of a round trip (hand-written: Prisma has no CHECK).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trip_leg_check" CHECK ("trip_leg" IN ('outbound', 'return'));
