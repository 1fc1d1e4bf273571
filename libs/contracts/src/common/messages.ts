import { z } from 'zod';
import { FieldError } from './errors.js';

/**
 * A request/reply call between the gateway and a service. The subject is versioned
 * (`<service>.<noun>.<verb>.v<n>`): a breaking change gets a new subject, never a new meaning.
 */
export interface RpcContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
}

export function defineRpc<Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
): RpcContract<Req, Res> {
  return { subject, request, response };
}

/** A durable fact published through a service's outbox onto JetStream. */
export interface EventContract<Data extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly data: Data;
}

export function defineEvent<Data extends z.ZodType>(type: string, data: Data): EventContract<Data> {
  return { type, data };
}

/** The one envelope every event travels in. `eventId` doubles as the JetStream Nats-Msg-Id. */
export const EventEnvelope = z.object({
  eventId: z.uuid(),
  type: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  aggregateId: z.string().min(1),
  /** The request id of the work that produced the event (x-request-id), carried into its consumers' logs. */
  correlationId: z.string().max(128).optional(),
  data: z.unknown(),
});
export type EventEnvelope<Data = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: Data };

/** What a service answers to a request: either a result or an error in the HTTP vocabulary. */
export const RpcReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    // `errors`: the fields a service refused, as the gateway's own validation names them.
    error: z.object({ status: z.number().int().min(400).max(599), message: z.string(), errors: z.array(FieldError).optional() }),
  }),
]);
export type RpcReply = z.infer<typeof RpcReply>;

export type RpcRequestOf<C extends RpcContract> = z.input<C['request']>;
export type RpcResponseOf<C extends RpcContract> = z.output<C['response']>;
export type EventDataOf<C extends EventContract> = z.output<C['data']>;
