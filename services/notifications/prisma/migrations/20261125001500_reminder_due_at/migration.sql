-- AlterTable
ALTER TABLE "customer_bookings" ADD COLUMN     "reminder_due_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "customer_bookings_pickup_at_idx" ON "customer_bookings"("pickup_at");

-- Bookings whose reminder job is still to fire owe it (REMINDER_HOURS_BEFORE at its default, 24),
-- so the reconcile can restore that job if Redis loses it.
UPDATE "customer_bookings"
   SET "reminder_due_at" = "pickup_at" - interval '24 hours'
 WHERE "status" IN ('pending', 'confirmed') AND "snapshot"->>'pickupAt' IS NOT NULL AND "pickup_at" - interval '24 hours' > now();
