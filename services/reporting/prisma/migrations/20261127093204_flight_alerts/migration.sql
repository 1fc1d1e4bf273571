-- AlterTable
ALTER TABLE "booking_facts" ADD COLUMN     "flight_alert" TEXT,
ADD COLUMN     "flight_alert_at" TIMESTAMPTZ(3),
ADD COLUMN     "flight_alert_detail" TEXT,
ADD COLUMN     "reference" TEXT NOT NULL DEFAULT '';

-- The admin's bell lists the upcoming rides with an open flight alert: a partial index keeps that
-- read to those few rows (Prisma 6's schema has no partial indexes, so it is written here).
CREATE INDEX "booking_facts_flight_alert_idx" ON "booking_facts" ("pickup_at") WHERE "flight_alert" IS NOT NULL;
