-- CreateIndex
CREATE INDEX "bookings_pickup_date_idx" ON "bookings"("pickup_date");
