-- AlterTable
ALTER TABLE "credit_entries" ADD COLUMN     "idempotency_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "credit_entries_idempotency_key_key" ON "credit_entries"("idempotency_key");
