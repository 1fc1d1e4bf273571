-- AlterTable
ALTER TABLE "fleet_vehicles" ADD COLUMN     "name" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "booking_facts" (
    "booking_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "total_cents" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "created_month" DATE NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "completed_day" DATE,
    "customer_key" TEXT NOT NULL,
    "pickup_location" TEXT NOT NULL,
    "dropoff_location" TEXT NOT NULL,
    "driver_id" INTEGER,
    "vehicle_id" INTEGER,

    CONSTRAINT "booking_facts_pkey" PRIMARY KEY ("booking_id")
);

-- CreateTable
CREATE TABLE "booking_status_totals" (
    "status" TEXT NOT NULL,
    "bookings" INTEGER NOT NULL,
    "amount_cents" BIGINT NOT NULL,

    CONSTRAINT "booking_status_totals_pkey" PRIMARY KEY ("status")
);

-- CreateTable
CREATE TABLE "bookings_created_monthly" (
    "month" DATE NOT NULL,
    "bookings" INTEGER NOT NULL,

    CONSTRAINT "bookings_created_monthly_pkey" PRIMARY KEY ("month")
);

-- CreateTable
CREATE TABLE "revenue_daily" (
    "day" DATE NOT NULL,
    "revenue_cents" BIGINT NOT NULL,
    "bookings" INTEGER NOT NULL,

    CONSTRAINT "revenue_daily_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "revenue_monthly" (
    "month" DATE NOT NULL,
    "revenue_cents" BIGINT NOT NULL,
    "bookings" INTEGER NOT NULL,

    CONSTRAINT "revenue_monthly_pkey" PRIMARY KEY ("month")
);

-- CreateTable
CREATE TABLE "customer_totals" (
    "customer_key" TEXT NOT NULL,
    "bookings" INTEGER NOT NULL,

    CONSTRAINT "customer_totals_pkey" PRIMARY KEY ("customer_key")
);

-- CreateTable
CREATE TABLE "report_counters" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL,

    CONSTRAINT "report_counters_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "route_totals" (
    "pickup_location" TEXT NOT NULL,
    "dropoff_location" TEXT NOT NULL,
    "bookings" INTEGER NOT NULL,
    "revenue_cents" BIGINT NOT NULL,

    CONSTRAINT "route_totals_pkey" PRIMARY KEY ("pickup_location","dropoff_location")
);

-- CreateTable
CREATE TABLE "driver_performance" (
    "driver_id" INTEGER NOT NULL,
    "completed_rides" INTEGER NOT NULL,
    "revenue_cents" BIGINT NOT NULL,

    CONSTRAINT "driver_performance_pkey" PRIMARY KEY ("driver_id")
);

-- CreateTable
CREATE TABLE "vehicle_usage" (
    "vehicle_id" INTEGER NOT NULL,
    "bookings" INTEGER NOT NULL,
    "completed_trips" INTEGER NOT NULL,
    "revenue_cents" BIGINT NOT NULL,

    CONSTRAINT "vehicle_usage_pkey" PRIMARY KEY ("vehicle_id")
);

-- CreateTable
CREATE TABLE "vehicle_monthly_trips" (
    "month" DATE NOT NULL,
    "vehicle_id" INTEGER NOT NULL,
    "completed_trips" INTEGER NOT NULL,

    CONSTRAINT "vehicle_monthly_trips_pkey" PRIMARY KEY ("month","vehicle_id")
);

-- CreateTable
CREATE TABLE "driver_facts" (
    "driver_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL,
    "is_on_duty" BOOLEAN NOT NULL,
    "rating" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "driver_facts_pkey" PRIMARY KEY ("driver_id")
);

-- CreateIndex
CREATE INDEX "route_totals_bookings_idx" ON "route_totals"("bookings" DESC);
