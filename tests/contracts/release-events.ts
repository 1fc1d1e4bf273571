import { readFileSync } from 'node:fs';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { EventEnvelope } from '@limo/contracts';
import { eventStreamName, eventSubject } from '@limo/messaging';
import { TEST_SERVERS } from '../support/test-env.js';

/** Events as a release wrote them onto the stream, kept to feed the next release's consumers. */
export const RECORDED_EVENTS = new URL('./previous-release-events.json', import.meta.url);

export interface RecordedRelease {
  /** The commit the events were recorded from. */
  commit: string;
  /** Drivers registered by the scenario before its rides, so a replay can give them the same ids. */
  driversRegistered: number;
  events: EventEnvelope[];
}

export const readRecordedRelease = (): RecordedRelease => JSON.parse(readFileSync(RECORDED_EVENTS, 'utf8')) as RecordedRelease;

/** Every event on a run's stream, oldest first. */
export async function eventsOnStream(prefix: string): Promise<EventEnvelope[]> {
  const nc = await connect({ servers: TEST_SERVERS.nats });
  try {
    const stream = eventStreamName(prefix);
    const { state } = await (await jetstreamManager(nc)).streams.info(stream);
    const consumer = await jetstream(nc).consumers.get(stream);
    const events: EventEnvelope[] = [];
    const messages = await consumer.fetch({ max_messages: state.messages, expires: 5_000 });
    for await (const msg of messages) {
      events.push(msg.json<EventEnvelope>());
      if (events.length === state.messages) break;
    }
    return events;
  } finally {
    await nc.close();
  }
}

/** Publishes events onto a run's stream as their owners' relays would (Nats-Msg-Id = eventId). */
export async function publishEvents(prefix: string, events: readonly EventEnvelope[]): Promise<void> {
  const nc = await connect({ servers: TEST_SERVERS.nats });
  try {
    const js = jetstream(nc);
    for (const event of events) await js.publish(eventSubject(prefix, event.type), JSON.stringify(event), { msgID: event.eventId });
  } finally {
    await nc.close();
  }
}
