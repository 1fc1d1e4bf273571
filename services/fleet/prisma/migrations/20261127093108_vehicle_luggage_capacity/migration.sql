-- AlterTable. Hand-written: vehicles already in the fleet get what their category usually holds
-- (LUGGAGE_BY_CATEGORY in libs/contracts: sedan 3, SUV 6, limousine 4, party bus 12), which an
-- admin can edit; a new vehicle is always given its capacity, so the column has no default.
ALTER TABLE "vehicles" ADD COLUMN     "luggage_capacity" INTEGER NOT NULL DEFAULT 0;
UPDATE "vehicles" SET "luggage_capacity" = CASE "category"
    WHEN 'sedan' THEN 3
    WHEN 'suv' THEN 6
    WHEN 'limousine' THEN 4
    WHEN 'party-bus' THEN 12
    ELSE 0
END;
ALTER TABLE "vehicles" ALTER COLUMN "luggage_capacity" DROP DEFAULT;
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_luggage_capacity_check" CHECK ("luggage_capacity" >= 0);
