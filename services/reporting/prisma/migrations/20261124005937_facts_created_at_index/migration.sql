-- CreateIndex
CREATE INDEX "booking_facts_created_at_idx" ON "booking_facts"("created_at");
