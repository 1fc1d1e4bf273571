import { randomUUID } from 'node:crypto';
import { headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { RpcReply, describeZodError, type FieldError, type RpcContract, type RpcRequestOf, type RpcResponseOf } from '@limo/contracts';
import { currentRequestId, REQUEST_ID_HEADER } from '@limo/observability';
import { RequestFailure, RequestMux } from './request-mux.js';
import { DATABASE_UNAVAILABLE } from './service-error.js';
import { rpcSubject } from './subjects.js';

/**
 * A call that may be made twice (the gateway's reads, quotes and keyed bookings; a service's reads
 * of another) is sent again after this long without a reply, or with a
 * replica's "could not reach its database" (RpcClient's resendAfterMs): well above a loaded service's p99 (tens of ms on one machine,
 * docs/performance.md), and five copies within the 5 s timeout. Each copy goes to any replica,
 * the cut-off host's with a chance of one in three, so all five are lost one time in 243
 * (three copies at 1.5 s were lost one time in 27, twice in a 20 s partition of the fault suite).
 */
export const RESEND_AFTER_MS = 1000;

/** A failed call, in HTTP terms: 4xx from the service, 503 when nobody answers, 504 when too slow. */
export class RpcCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The fields the service refused, when it named them. */
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export interface RpcClientOptions {
  prefix: string;
  /** Upper bound on waiting for any reply; the HTTP client never waits longer. */
  timeoutMs?: number;
}

/**
 * Request/reply over core NATS (`RequestMux`) rather than Nest's ClientProxy because only a
 * real request learns at once that no service is subscribed (503), instead of waiting out the
 * timeout. Each message is validated once, by its receiver: the service checks the payload
 * against the contract as it arrives (an invalid one comes back as a 400 with the contract's message),
 * and this client checks the reply before it is trusted. The payload's type is the contract's,
 * so checking it here as well only doubled the cost of every call (docs/performance.md).
 */
export class RpcClient {
  private readonly mux: RequestMux;

  constructor(
    nc: NatsConnection,
    private readonly options: RpcClientOptions,
  ) {
    this.mux = RequestMux.of(nc);
  }

  async request<C extends RpcContract>(
    contract: C,
    payload: RpcRequestOf<C>,
    opts: {
      timeoutMs?: number;
      requestId?: string;
      /**
       * For a call that may be made twice (a read, a command with an idempotency key): sent again
       * each time this long passes without a reply, the first reply winning. In a cluster a
       * request goes to any replica of the service, the one on a host cut off the network too,
       * whose server's route is not yet known dead: a copy then most likely reaches another.
       * A replica that answers it could not reach its database is passed over the same way (its
       * host just back from a partition, before its HAProxy sees the primary again): its 503 is
       * the answer only if no other replica's comes within the timeout.
       */
      resendAfterMs?: number;
    } = {},
  ): Promise<RpcResponseOf<C>> {
    const service = contract.subject.split('.')[0];
    const hdrs = headers();
    // The caller's request id travels with the call, so the service's log lines carry it too.
    hdrs.set(REQUEST_ID_HEADER, opts.requestId ?? currentRequestId() ?? randomUUID());
    let msg: Msg;
    try {
      msg = await this.send(rpcSubject(this.options.prefix, contract.subject), JSON.stringify(payload), hdrs, opts.timeoutMs ?? this.options.timeoutMs ?? 5000, opts.resendAfterMs);
    } catch (error) {
      throw toCallError(error, service);
    }
    const reply = RpcReply.safeParse(parseJson(msg));
    if (!reply.success) throw new RpcCallError(502, `The ${service} service sent an invalid reply`);
    if (!reply.data.ok) throw new RpcCallError(reply.data.error.status, reply.data.error.message, reply.data.error.errors);
    const result = contract.response.safeParse(reply.data.data);
    if (!result.success) {
      throw new RpcCallError(502, `The ${service} service sent an invalid reply: ${describeZodError(result.error).message}`);
    }
    return result.data as RpcResponseOf<C>;
  }

  /**
   * One request, or copies of it every `resendAfterMs` until a reply other than "could not reach
   * its database", all within `timeoutMs`.
   */
  private async send(subject: string, data: string, hdrs: MsgHdrs, timeoutMs: number, resendAfterMs?: number): Promise<Msg> {
    const started = Date.now();
    const first = this.mux.request(subject, data, { timeoutMs, headers: hdrs });
    if (!resendAfterMs || resendAfterMs >= timeoutMs) return first;
    let refused: Msg | undefined;
    const unlessRefused = (copy: Promise<Msg>) =>
      copy.then((msg) => {
        if (!databaseUnavailable(msg)) return msg;
        refused ??= msg;
        throw new Error(DATABASE_UNAVAILABLE);
      });
    const copies = [unlessRefused(first)];
    let lastSent = started;
    for (;;) {
      const answered = await Promise.race([Promise.any(copies).then((msg) => ({ msg })), delay(resendAfterMs).then(() => undefined)]).catch(() => ({ failed: true as const }));
      if (answered && 'msg' in answered) return answered.msg;
      // Every copy failed (no responders, a closed connection): no point sending more, unless
      // one was refused by a replica without its database, when another replica may answer.
      if (answered && !refused) return first;
      // Refusals do not end the copies early: one replica whose host has lost its way to the
      // database (its HAProxy) would otherwise fail a share of the calls others would answer; when
      // every replica refuses (a failover), the caller hears the 503 at the timeout instead.
      if (answered) await delay(lastSent + resendAfterMs - Date.now());
      const left = timeoutMs - (Date.now() - started);
      if (left <= resendAfterMs / 2) return Promise.any(copies).catch(() => refused ?? first);
      copies.push(unlessRefused(this.mux.request(subject, data, { timeoutMs: left, headers: hdrs })));
      lastSent = Date.now();
    }
  }
}

/** The service's answer that it could not reach its database (toErrorReply): its work did not happen, or its outcome is unknown (a commit cut short), so only a call that may be made twice is sent again on it. */
function databaseUnavailable(msg: Msg): boolean {
  const reply = RpcReply.safeParse(parseJson(msg));
  return reply.success && !reply.data.ok && reply.data.error.status === 503 && reply.data.error.message === DATABASE_UNAVAILABLE;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

function toCallError(error: unknown, service: string): RpcCallError {
  if (error instanceof RequestFailure && error.kind === 'no-responders') {
    return new RpcCallError(503, `The ${service} service is unavailable, please try again shortly`);
  }
  if (error instanceof RequestFailure && error.kind === 'timeout') return new RpcCallError(504, `The ${service} service did not answer in time`);
  return new RpcCallError(503, `The ${service} service cannot be reached: ${(error as Error).message}`);
}

function parseJson(msg: Msg): unknown {
  try {
    return msg.json();
  } catch {
    return undefined;
  }
}
