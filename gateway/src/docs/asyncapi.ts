import { z } from 'zod';
import { ALL_EVENTS, ALL_RPC, EventEnvelope, RpcReply, type EventContract, type RpcContract } from '@limo/contracts';
import { eventSubject, rpcSubject } from '@limo/messaging';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';

const ASYNCAPI_VERSION = '1.0.0';

/** Every subject starts with NATS_PREFIX (a random one per test run), so it is a channel parameter. */
const PREFIX = '{prefix}';
const PREFIX_PARAMETER = {
  prefix: { description: 'NATS_PREFIX of the deployment (`limo` unless configured)', default: 'limo', examples: ['limo'] },
};
const NATS_BINDING_VERSION = '0.1.0';

type Ref = { $ref: string };
export interface AsyncApiDocument {
  asyncapi: '3.0.0';
  channels: Record<string, Record<string, unknown> & { address: string | null; messages: Record<string, unknown> }>;
  operations: Record<string, Record<string, unknown> & { channel: Ref }>;
  [key: string]: unknown;
}

// AsyncAPI's default schema format is draft-07 based (see json-schema.ts).
const schemaOf = (schema: z.ZodType, side: 'input' | 'output'): JsonSchema => jsonSchemaOf(schema, side, 'draft-07');
const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
const serviceOf = (name: string) => name.split('.')[0];

/**
 * The AsyncAPI 3.0 document of the messages between the services, generated from the contracts
 * registry: each RPC subject (`<prefix>.rpc.<subject>`, core NATS request/reply in the owning
 * service's queue group) with its request and its reply envelope, and each event
 * (`<prefix>.evt.<type>`, published through the owner's outbox onto JetStream) in its envelope.
 * Sorted by subject, so the committed docs/asyncapi.json changes only when a contract does.
 */
export function buildAsyncApi(rpc: readonly RpcContract[] = ALL_RPC, events: readonly EventContract[] = ALL_EVENTS): AsyncApiDocument {
  const doc: AsyncApiDocument = {
    asyncapi: '3.0.0',
    info: {
      title: 'Prestige Limo messaging',
      version: ASYNCAPI_VERSION,
      description: [
        'NATS subjects between the gateway and the services, generated from `libs/contracts` (`npm run docs:asyncapi`).',
        'Request/reply: the caller sends the request with a reply inbox; one replica of the owning service (its queue group) answers `{ok: true, data}` or `{ok: false, error: {status, message}}`, where status is an HTTP status. The service validates the request against the contract as it arrives, and the reply before sending it; the caller validates the reply.',
        'Events: each service writes its events to an outbox table in the same transaction as the change; a relay publishes them to the JetStream stream `<PREFIX>_EVENTS` with `Nats-Msg-Id` = eventId, so a re-publish is dropped. Consumers are durable pull consumers with explicit acks and record each handled eventId.',
      ].join('\n\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      nats: { host: 'localhost:4222', protocol: 'nats', description: 'NATS 2.9+ with JetStream, at NATS_URL' },
    },
    channels: {},
    operations: {},
  };
  for (const contract of [...rpc].sort((a, b) => a.subject.localeCompare(b.subject))) addRpc(doc, contract);
  for (const contract of [...events].sort((a, b) => a.type.localeCompare(b.type))) addEvent(doc, contract);
  return doc;
}

/** The document as committed in docs/asyncapi.json and served at /api/asyncapi.json. */
export function asyncApiJson(doc: AsyncApiDocument = buildAsyncApi()): string {
  // One space per level: each value keeps its own line (readable diffs of docs/asyncapi.json)
  // at 1.8 MB instead of 2.6 MB with two.
  return `${JSON.stringify(doc, null, 1)}\n`;
}

const [, RpcErrorReply] = RpcReply.options;

function addRpc(doc: AsyncApiDocument, contract: RpcContract): void {
  const key = `rpc.${contract.subject}`;
  const replyKey = `${key}.reply`;
  const service = serviceOf(contract.subject);
  doc.channels[key] = {
    address: rpcSubject(PREFIX, contract.subject),
    parameters: PREFIX_PARAMETER,
    messages: {
      request: {
        name: `${contract.subject}.request`,
        contentType: 'application/json',
        headers: {
          type: 'object',
          properties: { 'x-request-id': { type: 'string', description: 'Correlates the call with the HTTP request that caused it' } },
        },
        payload: schemaOf(contract.request, 'input'),
      },
    },
  };
  doc.channels[replyKey] = {
    // The reply goes to the caller's own inbox (the request's reply subject), not a fixed subject.
    address: null,
    description: `Reply to ${contract.subject}, sent to the inbox the request named`,
    messages: {
      reply: {
        name: `${contract.subject}.reply`,
        contentType: 'application/json',
        payload: schemaOf(z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data: contract.response }), RpcErrorReply]), 'output'),
      },
    },
  };
  doc.operations[key] = {
    action: 'receive',
    channel: { $ref: pointer('channels', key) },
    summary: `Served by the ${service} service`,
    messages: [{ $ref: pointer('channels', key, 'messages', 'request') }],
    reply: {
      channel: { $ref: pointer('channels', replyKey) },
      messages: [{ $ref: pointer('channels', replyKey, 'messages', 'reply') }],
    },
    bindings: { nats: { queue: service, bindingVersion: NATS_BINDING_VERSION } },
  };
}

function addEvent(doc: AsyncApiDocument, contract: EventContract): void {
  const key = `evt.${contract.type}`;
  doc.channels[key] = {
    address: eventSubject(PREFIX, contract.type),
    parameters: PREFIX_PARAMETER,
    messages: {
      event: {
        name: contract.type,
        contentType: 'application/json',
        headers: {
          type: 'object',
          properties: { 'Nats-Msg-Id': { type: 'string', description: 'The eventId: JetStream drops a re-publish within its duplicate window' } },
        },
        payload: schemaOf(EventEnvelope.extend({ type: z.literal(contract.type), data: contract.data }), 'input'),
      },
    },
  };
  doc.operations[key] = {
    action: 'send',
    channel: { $ref: pointer('channels', key) },
    summary: `Published by the ${serviceOf(contract.type)} service through its outbox`,
    messages: [{ $ref: pointer('channels', key, 'messages', 'event') }],
  };
}
