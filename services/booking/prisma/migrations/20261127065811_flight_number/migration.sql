-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "flight_number" TEXT;
