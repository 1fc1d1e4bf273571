import { headers, type NatsConnection } from '@nats-io/transport-node';
import { eventByType, type EventEnvelope } from '@limo/contracts';
import { RequestFailure, RequestMux } from './request-mux.js';
import { eventSubject } from './subjects.js';

/** How long a publish waits for JetStream's acknowledgement (nats.js's default). */
const ACK_WAIT_MS = 5000;

/** An event as the outbox stores it: the envelope's JSON, and what routes and orders it. */
export interface StoredEvent {
  eventId: string;
  type: string;
  aggregateId: string;
  /** The envelope, as JSON text. */
  payload: string;
}

/**
 * Publishes outbox envelopes to JetStream, with Nats-Msg-Id = eventId for de-duplication. The
 * envelope was checked against its contract when it was written to the outbox (`outboxEnvelope`)
 * and is checked again by every consumer that reads it, so it is not parsed a third time here;
 * the relay hands over the stored JSON as it is (`publishStored`).
 *
 * A JetStream publish is a request to the stream's subject answered by a PubAck (`{stream, seq}`
 * or `{error}`), sent here over the connection's `RequestMux` rather than nats.js's
 * `jetstream().publish()`, which goes through its `request()` (see RequestMux for the cost).
 */
export class EventPublisher {
  private readonly mux: RequestMux;

  constructor(
    nc: NatsConnection,
    private readonly prefix: string,
  ) {
    this.mux = RequestMux.of(nc);
  }

  publish(envelope: EventEnvelope): Promise<void> {
    return this.publishStored({ ...envelope, payload: JSON.stringify(envelope) });
  }

  async publishStored(event: StoredEvent): Promise<void> {
    if (!eventByType.has(event.type)) throw new Error(`Unknown event type ${event.type}`);
    const subject = eventSubject(this.prefix, event.type);
    const hdrs = headers();
    hdrs.set('Nats-Msg-Id', event.eventId);
    let ack: { stream?: string; error?: { code?: number; description?: string } };
    try {
      ack = (await this.mux.request(subject, event.payload, { timeoutMs: ACK_WAIT_MS, headers: hdrs })).json();
    } catch (error) {
      if (error instanceof RequestFailure && error.kind === 'no-responders') throw new Error(`No JetStream stream takes ${subject}`);
      throw error;
    }
    if (ack.error) throw new Error(`JetStream refused ${subject}: ${ack.error.description ?? `error ${ack.error.code}`}`);
    if (!ack.stream) throw new Error(`JetStream sent an invalid acknowledgement for ${subject}`);
  }
}
