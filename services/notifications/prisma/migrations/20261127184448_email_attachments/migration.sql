-- AlterTable
ALTER TABLE "outgoing_messages" ADD COLUMN     "attachments" JSONB;
