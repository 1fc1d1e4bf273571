-- CreateTable
CREATE TABLE "ride_states" (
    "booking_id" INTEGER NOT NULL,
    "driver_id" INTEGER,
    "in_progress" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "ride_states_pkey" PRIMARY KEY ("booking_id")
);

-- CreateIndex
CREATE INDEX "ride_states_driver_id_idx" ON "ride_states"("driver_id");

-- Hand-written: the rides in progress carry over. Their booking version is not known here, so
-- version 0: the next event of each ride applies.
INSERT INTO "ride_states" ("booking_id", "driver_id", "in_progress", "version")
SELECT "booking_id", "driver_id", true, 0 FROM "active_rides";

-- DropTable
DROP TABLE "active_rides";
