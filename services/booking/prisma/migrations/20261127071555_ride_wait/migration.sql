-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "arrived_at" TIMESTAMPTZ(3),
ADD COLUMN     "wait_charge" DECIMAL(10,2),
ADD COLUMN     "wait_charged_minutes" INTEGER,
ADD COLUMN     "wait_free_minutes" INTEGER,
ADD COLUMN     "wait_minutes" INTEGER;
