-- Where each durable consumer's audit (libs/messaging/src/consumer-audit.ts) has got to, one row
-- per event type it applies, shared by the service's replicas: a deploy that adds or removes a
-- handler, or changes the durable's filter, leaves the other types' rows where they were.
-- `stream_seq` is the next stream sequence to check for that type; `retry` the sequences of its
-- events found without their effect whose effect failed, tried again each round.
-- The table of the same name with one row per durable, filter and set of types never left
-- development: replaced.
DROP TABLE IF EXISTS "event_audit_cursors";
CREATE TABLE "event_audit_cursors" (
    "consumer" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "stream_seq" BIGINT NOT NULL,
    "retry" BIGINT[] NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_audit_cursors_pkey" PRIMARY KEY ("consumer", "type")
);
