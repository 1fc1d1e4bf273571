-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "adjustment_reason" TEXT,
ADD COLUMN     "extras" JSONB,
ADD COLUMN     "extras_total" DECIMAL(10,2),
ADD COLUMN     "final_amount" DECIMAL(10,2),
ADD COLUMN     "reviewed_at" TIMESTAMPTZ(3),
ADD COLUMN     "reviewed_by" TEXT,
ADD COLUMN     "settled_at" TIMESTAMPTZ(3),
ADD COLUMN     "settled_wait" DECIMAL(10,2),
ADD COLUMN     "settlement_status" TEXT;

-- A settlement is whole or absent, never negative (hand-written: Prisma has no CHECK).
ALTER TABLE "bookings"
    ADD CONSTRAINT "bookings_settlement_status_check" CHECK ("settlement_status" IS NULL OR "settlement_status" IN ('to-review', 'approved')),
    ADD CONSTRAINT "bookings_settlement_whole_check" CHECK (("settlement_status" IS NULL) = ("final_amount" IS NULL) AND ("final_amount" IS NULL) = ("settled_at" IS NULL)),
    ADD CONSTRAINT "bookings_settlement_amounts_check" CHECK ("final_amount" >= 0 AND "settled_wait" >= 0 AND "extras_total" >= 0);
