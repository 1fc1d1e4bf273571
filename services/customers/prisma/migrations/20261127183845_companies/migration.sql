-- CreateTable
CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "billing_contact" TEXT NOT NULL,
    "billing_email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_plan_periods" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "tier" TEXT NOT NULL,
    "from_month" TEXT NOT NULL,
    "to_month" TEXT,
    "asked_by" TEXT NOT NULL,
    "asked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_plan_periods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_bookers" (
    "email" TEXT NOT NULL,
    "company_id" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_bookers_pkey" PRIMARY KEY ("email")
);

-- CreateTable
CREATE TABLE "transfer_reservations" (
    "reservation_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "month" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "transfer" BOOLEAN NOT NULL,
    "booking_id" INTEGER,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transfer_reservations_pkey" PRIMARY KEY ("reservation_id")
);

-- CreateIndex
CREATE INDEX "company_plan_periods_company_id_from_month_idx" ON "company_plan_periods"("company_id", "from_month");

-- CreateIndex
CREATE INDEX "company_bookers_company_id_idx" ON "company_bookers"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "transfer_reservations_booking_id_key" ON "transfer_reservations"("booking_id");

-- CreateIndex
CREATE INDEX "transfer_reservations_company_id_month_status_idx" ON "transfer_reservations"("company_id", "month", "status");

-- CreateIndex
CREATE INDEX "transfer_reservations_status_created_at_idx" ON "transfer_reservations"("status", "created_at");

-- AddForeignKey
ALTER TABLE "company_plan_periods" ADD CONSTRAINT "company_plan_periods_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_bookers" ADD CONSTRAINT "company_bookers_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
