-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "assignment_id" UUID,
ADD COLUMN     "hold_span" tstzrange,
ADD COLUMN     "passengers" INTEGER,
ADD COLUMN     "pickup_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "ride_assignments" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "vehicle_id" INTEGER,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL,
    "response_deadline" TIMESTAMPTZ(3) NOT NULL,
    "response" TEXT NOT NULL DEFAULT 'pending',
    "responded_at" TIMESTAMPTZ(3),
    "picked_up_at" TIMESTAMPTZ(3),
    "assigned_by" TEXT,

    CONSTRAINT "ride_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "booking_timeline" (
    "id" BIGSERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_id" INTEGER,
    "actor_name" TEXT,
    "driver_id" INTEGER,
    "driver_name" TEXT,
    "driver_status" TEXT,
    "detail" TEXT,

    CONSTRAINT "booking_timeline_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ride_assignments_seq_key" ON "ride_assignments"("seq");

-- CreateIndex
CREATE INDEX "ride_assignments_booking_id_assigned_at_idx" ON "ride_assignments"("booking_id", "assigned_at");

-- CreateIndex
CREATE INDEX "ride_assignments_driver_id_idx" ON "ride_assignments"("driver_id");

-- CreateIndex
CREATE INDEX "booking_timeline_booking_id_id_idx" ON "booking_timeline"("booking_id", "id");

-- CreateIndex
CREATE INDEX "bookings_driver_id_pickup_at_idx" ON "bookings"("driver_id", "pickup_at");

-- Hand-written: what Prisma's schema language cannot say.

-- The pickup instant, from the Los Angeles date and time, kept by the database on every write
-- (whatever path writes the row), and filled in for existing bookings.
CREATE FUNCTION "bookings_set_pickup_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pickup_at := (NEW.pickup_date + NEW.pickup_time::time) AT TIME ZONE 'America/Los_Angeles';
  RETURN NEW;
END $$;
CREATE TRIGGER "bookings_pickup_at" BEFORE INSERT OR UPDATE OF pickup_date, pickup_time ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_set_pickup_at"();
UPDATE "bookings" SET pickup_at = (pickup_date + pickup_time::time) AT TIME ZONE 'America/Los_Angeles';
ALTER TABLE "bookings" ALTER COLUMN "pickup_at" SET NOT NULL;

ALTER TABLE "bookings"
    ADD CONSTRAINT "bookings_passengers_check" CHECK ("passengers" IS NULL OR "passengers" BETWEEN 1 AND 100),
    ADD CONSTRAINT "bookings_driver_response_check" CHECK ("driver_response" IS NULL OR "driver_response" IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn')),
    ADD CONSTRAINT "bookings_driver_status_check" CHECK ("driver_status" IS NULL OR "driver_status" IN ('en-route', 'arrived', 'picked-up', 'halfway', 'two-miles', 'dropped-off', 'completed')),
    -- A ride is held only by a driver.
    ADD CONSTRAINT "bookings_hold_needs_driver_check" CHECK ("hold_span" IS NULL OR "driver_id" IS NOT NULL);

-- No driver and no vehicle may hold two rides whose spans overlap (decisions.md, Dispatch):
-- enforced here, so two admins assigning at once, or two replicas, cannot both win.
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA "booking";
ALTER TABLE "bookings"
    ADD CONSTRAINT "bookings_driver_overlap" EXCLUDE USING gist ("driver_id" WITH =, "hold_span" WITH &&) WHERE ("hold_span" IS NOT NULL),
    ADD CONSTRAINT "bookings_vehicle_overlap" EXCLUDE USING gist ("vehicle_id" WITH =, "hold_span" WITH &&) WHERE ("hold_span" IS NOT NULL);

ALTER TABLE "ride_assignments"
    ADD CONSTRAINT "ride_assignments_booking_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE,
    ADD CONSTRAINT "ride_assignments_response_check" CHECK ("response" IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn'));
ALTER TABLE "booking_timeline"
    ADD CONSTRAINT "booking_timeline_booking_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE;
