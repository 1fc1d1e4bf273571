-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "referral_code" TEXT;

-- AlterTable
ALTER TABLE "loyalty_rewards" ADD COLUMN     "reservation_id" UUID;

-- CreateTable
CREATE TABLE "first_rides" (
    "email" TEXT NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "first_rides_pkey" PRIMARY KEY ("email")
);

-- CreateTable
CREATE TABLE "referrals" (
    "referred_email" TEXT NOT NULL,
    "referrer_email" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "referrals_pkey" PRIMARY KEY ("referred_email")
);

-- CreateTable
CREATE TABLE "credit_grants" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "available" DECIMAL(10,2) NOT NULL,
    "reason" TEXT NOT NULL,
    "earned_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credit_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_holds" (
    "reservation_id" UUID NOT NULL,
    "grant_id" INTEGER NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,

    CONSTRAINT "credit_holds_pkey" PRIMARY KEY ("reservation_id","grant_id")
);

-- CreateTable
CREATE TABLE "credit_entries" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "reason" TEXT NOT NULL,
    "booking_id" INTEGER,
    "reservation_id" UUID,
    "actor" TEXT,

    CONSTRAINT "credit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "benefit_reservations" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "booking_id" INTEGER,
    "status" TEXT NOT NULL,
    "reward_id" INTEGER,
    "credit" DECIMAL(10,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "benefit_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "referrals_referrer_email_idx" ON "referrals"("referrer_email");

-- CreateIndex
CREATE INDEX "credit_grants_email_expires_at_idx" ON "credit_grants"("email", "expires_at");

-- CreateIndex
CREATE INDEX "credit_entries_email_id_idx" ON "credit_entries"("email", "id");

-- CreateIndex
CREATE UNIQUE INDEX "benefit_reservations_booking_id_key" ON "benefit_reservations"("booking_id");

-- CreateIndex
CREATE INDEX "benefit_reservations_status_created_at_idx" ON "benefit_reservations"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "customers_referral_code_key" ON "customers"("referral_code");

-- Hand-written: emails lower-cased like the accounts'; money never negative except a ledger
-- entry's signed amount; a grant's remainder within it; the kinds and statuses named in the schema.
ALTER TABLE "first_rides" ADD CONSTRAINT "first_rides_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_emails_lower" CHECK ("referred_email" = lower("referred_email") AND "referrer_email" = lower("referrer_email"));
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_not_own" CHECK ("referred_email" <> "referrer_email");
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_available" CHECK ("amount" > 0 AND "available" >= 0 AND "available" <= "amount");
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_expiry" CHECK ("expires_at" > "earned_at");
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_amount" CHECK ("amount" > 0);
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_kind" CHECK ("kind" IN ('earned', 'reserved', 'spent', 'released', 'expired', 'adjusted'));
ALTER TABLE "benefit_reservations" ADD CONSTRAINT "benefit_reservations_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "benefit_reservations" ADD CONSTRAINT "benefit_reservations_status" CHECK ("status" IN ('held', 'spent', 'released'));
ALTER TABLE "benefit_reservations" ADD CONSTRAINT "benefit_reservations_credit" CHECK ("credit" >= 0);

-- The first completed rides already known (the airport rides counted so far): an email that has
-- completed one is no longer new to Refer & Fly.
INSERT INTO "first_rides" ("email", "booking_id", "completed_at")
SELECT DISTINCT ON ("email") "email", "booking_id", "completed_at" FROM "loyalty_rides"
WHERE "counted" ORDER BY "email", "completed_at", "booking_id";
