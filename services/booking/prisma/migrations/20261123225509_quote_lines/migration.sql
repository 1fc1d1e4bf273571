-- The quote's own lines (decisions.md, Vehicle, passengers and the advertised offers): the
-- spec's fare for vehicle 1, what the chosen vehicle adds, the offer applied and its saving.
-- base_rate stays the fare charged (fare + vehicle_fare - offer_saving).
ALTER TABLE "bookings" ADD COLUMN     "fare" DECIMAL(10,2),
ADD COLUMN     "offer_code" TEXT,
ADD COLUMN     "offer_saving" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN     "vehicle_fare" DECIMAL(10,2) NOT NULL DEFAULT 0;

-- Bookings made before: priced for vehicle 1 with no offer, so their fare is their base.
UPDATE "bookings" SET "fare" = "base_rate";
ALTER TABLE "bookings" ALTER COLUMN "fare" SET NOT NULL;

ALTER TABLE "bookings"
    ADD CONSTRAINT "bookings_offer_code_check" CHECK ("offer_code" IS NULL OR "offer_code" IN ('executive-hour', 'late-flight-love', 'advance-booking', 'group', 'lax-to-downtown')),
    ADD CONSTRAINT "bookings_offer_saving_check" CHECK ("offer_saving" >= 0 AND ("offer_code" IS NOT NULL OR "offer_saving" = 0));
