-- CreateTable
CREATE TABLE "loyalty_rides" (
    "booking_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "counted" BOOLEAN NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "loyalty_rides_pkey" PRIMARY KEY ("booking_id")
);

-- CreateTable
CREATE TABLE "loyalty_rewards" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "source_booking_id" INTEGER NOT NULL,
    "earned_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "redeemed_booking_id" INTEGER,

    CONSTRAINT "loyalty_rewards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "loyalty_rides_email_counted_idx" ON "loyalty_rides"("email", "counted");

-- CreateIndex
CREATE UNIQUE INDEX "loyalty_rewards_email_threshold_key" ON "loyalty_rewards"("email", "threshold");

-- Hand-written: emails lower-cased like the accounts'; versions as the booking events carry them
-- (from 1); a counted ride has its completion; rewards at multiples of 5, expiring after earned.
ALTER TABLE "loyalty_rides" ADD CONSTRAINT "loyalty_rides_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "loyalty_rides" ADD CONSTRAINT "loyalty_rides_version" CHECK ("version" >= 1);
ALTER TABLE "loyalty_rides" ADD CONSTRAINT "loyalty_rides_counted_completed" CHECK (NOT "counted" OR "completed_at" IS NOT NULL);
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_threshold" CHECK ("threshold" > 0 AND "threshold" % 5 = 0);
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_expiry" CHECK ("expires_at" > "earned_at");
