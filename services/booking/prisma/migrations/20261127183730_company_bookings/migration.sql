-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "company_id" INTEGER,
ADD COLUMN     "company_name" TEXT,
ADD COLUMN     "plan_transfer_amount" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN     "transfer_reservation_id" UUID;

-- CreateIndex
CREATE INDEX "bookings_company_id_pickup_date_idx" ON "bookings"("company_id", "pickup_date");

-- A company's plan transfer is part of the total's sum like the free ride and credit (the
-- chauffeur's shares stay those of the paid ride), never negative, and only with its hold.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_check",
    ADD CONSTRAINT "bookings_total_check" CHECK ("total_amount" = "base_rate" + "meet_greet_fee" + "child_seats_fee" + "service_fee" + "gratuity" - "free_ride_amount" - "credit_amount" - "plan_transfer_amount"),
    ADD CONSTRAINT "bookings_plan_transfer_check" CHECK ("plan_transfer_amount" >= 0 AND ("plan_transfer_amount" = 0 OR ("transfer_reservation_id" IS NOT NULL AND "company_id" IS NOT NULL)));
