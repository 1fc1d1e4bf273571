-- AlterTable
ALTER TABLE "booking_facts" ADD COLUMN     "settlement_status" TEXT;

-- The bell lists the completed rides whose final price is to review: a partial index keeps that
-- read to those few rows (written by hand: Prisma's schema has no partial indexes).
CREATE INDEX "booking_facts_settlement_to_review_idx" ON "booking_facts" ("completed_at") WHERE "settlement_status" = 'to-review';
