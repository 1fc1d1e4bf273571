-- Where each durable consumer's audit (libs/messaging/src/consumer-audit.ts) has got to, shared by
-- the service's replicas that audit the same thing: the durable's filter on the server and the
-- event types they apply (a rolling deploy that changes either has the old and new replicas on
-- rows of their own). `stream_seq` is the next stream sequence to check; `retry` the sequences of
-- events found without their effect whose effect failed, tried again each round.
CREATE TABLE IF NOT EXISTS "event_audit_cursors" (
    "consumer" TEXT NOT NULL,
    "filter" TEXT NOT NULL,
    "types" TEXT[] NOT NULL,
    "stream_seq" BIGINT NOT NULL,
    "retry" BIGINT[] NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_audit_cursors_pkey" PRIMARY KEY ("consumer", "filter", "types")
);
