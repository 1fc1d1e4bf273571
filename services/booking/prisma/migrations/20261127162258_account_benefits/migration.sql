-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "benefits_reservation_id" UUID,
ADD COLUMN     "referral_code" TEXT;
