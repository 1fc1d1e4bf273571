-- CreateTable
CREATE TABLE "company_statements" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "month" TEXT NOT NULL,
    "total_due" DECIMAL(12,2) NOT NULL,
    "figures" JSONB NOT NULL,
    "pdf" BYTEA NOT NULL,
    "csv" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_statements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "company_statements_company_id_month_key" ON "company_statements"("company_id", "month");

-- AddForeignKey
ALTER TABLE "company_statements" ADD CONSTRAINT "company_statements_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
