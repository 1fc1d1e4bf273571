-- AlterTable
ALTER TABLE "outgoing_messages" ALTER COLUMN "booking_id" DROP NOT NULL;
