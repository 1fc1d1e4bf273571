-- The tables every service's schema carries for durable events (libs/database owns them, once):
-- outbox_events, written in the same transaction as a change and relayed to JetStream, and
-- processed_events, written in the same transaction as an event's effect by each consumer.
-- IF NOT EXISTS: databases made before this migration existed already have them.
CREATE TABLE IF NOT EXISTS "outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "aggregate_id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

CREATE UNIQUE INDEX IF NOT EXISTS "outbox_events_event_id_key" ON "outbox_events"("event_id");
CREATE INDEX IF NOT EXISTS "outbox_events_published_at_seq_idx" ON "outbox_events"("published_at", "seq");

CREATE TABLE IF NOT EXISTS "processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);
