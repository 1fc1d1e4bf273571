-- CreateTable
CREATE TABLE "driver_earnings" (
    "booking_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_day" DATE NOT NULL,
    "shift_id" INTEGER,

    CONSTRAINT "driver_earnings_pkey" PRIMARY KEY ("booking_id")
);

-- CreateTable
CREATE TABLE "active_rides" (
    "booking_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "active_rides_pkey" PRIMARY KEY ("booking_id")
);

-- CreateIndex
CREATE INDEX "driver_earnings_driver_id_completed_day_idx" ON "driver_earnings"("driver_id", "completed_day");

-- CreateIndex
CREATE INDEX "active_rides_driver_id_idx" ON "active_rides"("driver_id");

-- Hand-written.
ALTER TABLE "driver_earnings"
    ADD CONSTRAINT "driver_earnings_driver_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id"),
    ADD CONSTRAINT "driver_earnings_amount_check" CHECK ("amount" >= 0);
-- Sign-in looks drivers up by username whatever its case.
CREATE UNIQUE INDEX "drivers_username_lower_key" ON "drivers" (lower("username"));
