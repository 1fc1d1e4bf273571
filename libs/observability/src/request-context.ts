import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the work in progress: set from the HTTP request (its `x-request-id`, or a new
 * one), carried in the `x-request-id` header of every NATS call, in the envelope of every event
 * written while handling it and in the data of every job it schedules, so one id follows a
 * request through every service's log lines.
 */
export interface RequestContext {
  requestId: string;
}

export const REQUEST_ID_HEADER = 'x-request-id';

const storage = new AsyncLocalStorage<RequestContext>();

/** An id from outside is kept only when it is short and plain, so it cannot forge log lines. */
export function acceptRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}

/** Runs `fn` with the given request id (a new one when missing or unfit). */
export function runWithRequestId<T>(requestId: unknown, fn: () => T): T {
  return storage.run({ requestId: acceptRequestId(requestId) ?? randomUUID() }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
