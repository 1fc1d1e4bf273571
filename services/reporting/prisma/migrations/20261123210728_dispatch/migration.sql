-- AlterTable
ALTER TABLE "booking_facts" ADD COLUMN     "awaiting_answer" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "driver_earnings_cents" BIGINT,
ADD COLUMN     "picked_up_at" TIMESTAMPTZ(3),
ADD COLUMN     "pickup_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "driver_performance" ADD COLUMN     "earnings_cents" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "on_time_pickups" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pickups" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "assignment_facts" (
    "assignment_id" UUID NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL,
    "response" TEXT NOT NULL,
    "responded_at" TIMESTAMPTZ(3),

    CONSTRAINT "assignment_facts_pkey" PRIMARY KEY ("assignment_id")
);

-- CreateIndex
CREATE INDEX "assignment_facts_driver_id_idx" ON "assignment_facts"("driver_id");

-- CreateIndex
CREATE INDEX "assignment_facts_responded_at_idx" ON "assignment_facts"("responded_at");

-- Hand-written.
ALTER TABLE "assignment_facts" ADD CONSTRAINT "assignment_facts_response_check" CHECK ("response" IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn'));
