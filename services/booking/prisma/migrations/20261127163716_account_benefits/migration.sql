-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "benefits_reservation_id" UUID,
ADD COLUMN     "credit_amount" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN     "free_ride_amount" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN     "referral_code" TEXT;

-- What the customer's free ride and credit took off is part of the total's sum (the chauffeur's
-- shares stay those of the paid ride), and neither takes it below $0.00.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_check",
    ADD CONSTRAINT "bookings_total_check" CHECK ("total_amount" = "base_rate" + "meet_greet_fee" + "child_seats_fee" + "service_fee" + "gratuity" - "free_ride_amount" - "credit_amount"),
    ADD CONSTRAINT "bookings_benefits_check" CHECK ("free_ride_amount" >= 0 AND "credit_amount" >= 0 AND "total_amount" >= 0),
    ADD CONSTRAINT "bookings_benefits_reservation_check" CHECK (("free_ride_amount" = 0 AND "credit_amount" = 0) OR "benefits_reservation_id" IS NOT NULL);
