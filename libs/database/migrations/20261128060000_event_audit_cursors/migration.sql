-- Where each durable consumer's audit (libs/messaging/src/consumer-audit.ts) has got to, shared by
-- the service's replicas: the next stream sequence to check under the durable's filter on the
-- server, and the sequences of events found without their effect whose effect failed (tried again
-- each round). A row is the durable's; `filter` says which filter its sequence belongs to.
CREATE TABLE IF NOT EXISTS "event_audit_cursors" (
    "consumer" TEXT NOT NULL,
    "stream_seq" BIGINT NOT NULL,
    "filter" TEXT NOT NULL,
    "retry" BIGINT[] NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_audit_cursors_pkey" PRIMARY KEY ("consumer")
);
