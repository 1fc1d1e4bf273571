-- CreateTable
CREATE TABLE "customer_bookings" (
    "booking_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "pickup_at" TIMESTAMPTZ(3) NOT NULL,
    "snapshot" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customer_bookings_pkey" PRIMARY KEY ("booking_id")
);

-- CreateTable
CREATE TABLE "outgoing_messages" (
    "id" UUID NOT NULL,
    "event_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT,
    "body_text" TEXT NOT NULL,
    "body_html" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_at" TIMESTAMPTZ(3),
    "claimed_by" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "provider_id" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outgoing_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outgoing_messages_status_next_attempt_at_idx" ON "outgoing_messages"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "outgoing_messages_booking_id_idx" ON "outgoing_messages"("booking_id");

-- CreateIndex
CREATE UNIQUE INDEX "outgoing_messages_event_id_channel_key" ON "outgoing_messages"("event_id", "channel");
