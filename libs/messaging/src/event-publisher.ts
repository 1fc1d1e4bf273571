import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventByType, type EventEnvelope } from '@limo/contracts';
import { eventSubject } from './subjects.js';

/**
 * Publishes outbox envelopes to JetStream, with Nats-Msg-Id = eventId for de-duplication. The
 * envelope was checked against its contract when it was written to the outbox (`outboxEnvelope`)
 * and is checked again by every consumer that reads it, so it is not parsed a third time here.
 */
export class EventPublisher {
  private readonly js: JetStreamClient;

  constructor(
    nc: NatsConnection,
    private readonly prefix: string,
  ) {
    this.js = jetstream(nc);
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    if (!eventByType.has(envelope.type)) throw new Error(`Unknown event type ${envelope.type}`);
    await this.js.publish(eventSubject(this.prefix, envelope.type), JSON.stringify(envelope), { msgID: envelope.eventId });
  }
}
