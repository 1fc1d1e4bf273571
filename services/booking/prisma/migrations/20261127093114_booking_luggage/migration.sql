-- AlterTable: bookings made before the wizard asked declared no luggage.
ALTER TABLE "bookings" ADD COLUMN     "luggage" INTEGER NOT NULL DEFAULT 0;

-- Hand-written: the contract's bounds (0 to 50 suitcases) hold in the table too.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_luggage_check" CHECK ("luggage" BETWEEN 0 AND 50);
