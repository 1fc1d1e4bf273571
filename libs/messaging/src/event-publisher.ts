import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EventEnvelope, eventByType } from '@limo/contracts';
import { eventSubject } from './subjects.js';

/** Publishes outbox envelopes to JetStream, with Nats-Msg-Id = eventId for de-duplication. */
export class EventPublisher {
  private readonly js: JetStreamClient;

  constructor(
    nc: NatsConnection,
    private readonly prefix: string,
  ) {
    this.js = jetstream(nc);
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    const checked = EventEnvelope.parse(envelope);
    const contract = eventByType.get(checked.type);
    if (!contract) throw new Error(`Unknown event type ${checked.type}`);
    contract.data.parse(checked.data);
    await this.js.publish(eventSubject(this.prefix, checked.type), JSON.stringify(checked), {
      msgID: checked.eventId,
    });
  }
}
