-- CreateTable
CREATE TABLE "bookings" (
    "id" SERIAL NOT NULL,
    "reference" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "customer_id" INTEGER,
    "trip_type" TEXT NOT NULL,
    "pickup_date" DATE NOT NULL,
    "pickup_time" TEXT NOT NULL,
    "pickup_location" TEXT NOT NULL,
    "dropoff_location" TEXT,
    "waypoints" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "duration" INTEGER,
    "special_requests" TEXT,
    "vehicle_id" INTEGER,
    "driver_id" INTEGER,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "sms_updates" BOOLEAN NOT NULL DEFAULT false,
    "meet_greet" BOOLEAN NOT NULL DEFAULT false,
    "child_seats" BOOLEAN NOT NULL DEFAULT false,
    "base_rate" DECIMAL(10,2) NOT NULL,
    "meet_greet_fee" DECIMAL(10,2) NOT NULL,
    "child_seats_fee" DECIMAL(10,2) NOT NULL,
    "service_fee" DECIMAL(10,2) NOT NULL,
    "gratuity" DECIMAL(10,2) NOT NULL,
    "total_amount" DECIMAL(10,2) NOT NULL,
    "driver_earnings" DECIMAL(10,2),
    "admin_notes" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "assigned_at" TIMESTAMPTZ(3),
    "response_deadline" TIMESTAMPTZ(3),
    "driver_response" TEXT,
    "responded_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "driver_status" TEXT,
    "picked_up_at" TIMESTAMPTZ(3),
    "halfway_at" TIMESTAMPTZ(3),
    "two_miles_at" TIMESTAMPTZ(3),
    "dropped_off_at" TIMESTAMPTZ(3),
    "current_location" TEXT,
    "estimated_arrival" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "booking_id" INTEGER,
    "response" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("scope","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings"("reference");

-- CreateIndex
CREATE INDEX "bookings_status_created_at_idx" ON "bookings"("status", "created_at");

-- CreateIndex
CREATE INDEX "bookings_created_at_idx" ON "bookings"("created_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- Hand-written: rules Prisma's schema language cannot express, kept by the database itself.
ALTER TABLE "bookings"
    ADD CONSTRAINT "bookings_trip_type_check" CHECK ("trip_type" IN ('one-way', 'hourly')),
    ADD CONSTRAINT "bookings_status_check" CHECK ("status" IN ('pending', 'confirmed', 'in-progress', 'completed', 'cancelled')),
    ADD CONSTRAINT "bookings_pickup_time_check" CHECK ("pickup_time" ~ '^([01][0-9]|2[0-3]):(00|30)$'),
    ADD CONSTRAINT "bookings_duration_check" CHECK ("duration" IS NULL OR "duration" BETWEEN 1 AND 24),
    ADD CONSTRAINT "bookings_amounts_check" CHECK ("base_rate" >= 0 AND "meet_greet_fee" >= 0 AND "child_seats_fee" >= 0
        AND "service_fee" >= 0 AND "gratuity" >= 0 AND "total_amount" >= 0),
    ADD CONSTRAINT "bookings_total_check" CHECK ("total_amount" = "base_rate" + "meet_greet_fee" + "child_seats_fee" + "service_fee" + "gratuity"),
    ADD CONSTRAINT "bookings_version_check" CHECK ("version" >= 1);
