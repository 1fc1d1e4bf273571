-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "flight_alert" TEXT,
ADD COLUMN     "flight_alert_at" TIMESTAMPTZ(3),
ADD COLUMN     "flight_alert_detail" TEXT;
