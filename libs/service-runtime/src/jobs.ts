import type { Job, Queue } from 'bullmq';
import { currentRequestId, runWithRequestId } from '@limo/observability';

/** What every job carries besides its own data: the request id of the work that scheduled it. */
export interface JobTrace {
  requestId?: string;
}

/** Job data stamped with the current request id, so the job's log lines carry it on. */
export function traced<T extends object>(data: T): T & JobTrace {
  return { ...data, requestId: currentRequestId() };
}

/** Runs a job's work under the request id it was scheduled with (a new one for periodic jobs). */
export function inJobContext<T>(job: Job<JobTrace>, work: () => Promise<T>): Promise<T> {
  return runWithRequestId(job.data?.requestId, work);
}

/**
 * Makes a periodic job exist once for the whole cluster: BullMQ's job scheduler keyed by `id`
 * creates one job per period however many replicas call this, and one worker takes each.
 *
 * The schedule lives in Redis, so a Redis that restarts empty (no persistence, a failover to a
 * fresh replica) forgets it: it is written again each time the queue's connection is ready
 * after a reconnect, by every replica (the upsert is idempotent), so periodic work resumes by
 * itself instead of silently stopping.
 */
export async function schedulePeriodic(queue: Queue, id: string, everyMs: number, onError?: (error: Error) => void): Promise<void> {
  await scheduleRepeat(queue, id, { every: everyMs }, onError);
}

/**
 * As schedulePeriodic, at the times a cron pattern names in a time zone (BullMQ's job scheduler,
 * e.g. '5 0 1 * *' in America/Los_Angeles: 00:05 on the first of each month there).
 */
export async function scheduleCron(queue: Queue, id: string, pattern: string, tz: string, onError?: (error: Error) => void): Promise<void> {
  await scheduleRepeat(queue, id, { pattern, tz }, onError);
}

async function scheduleRepeat(queue: Queue, id: string, repeat: { every: number } | { pattern: string; tz: string }, onError?: (error: Error) => void): Promise<void> {
  const upsert = () => queue.upsertJobScheduler(id, repeat, { name: id, opts: { removeOnComplete: 50, removeOnFail: 200 } });
  // 'ready' may also come for the first connection: one upsert more, harmless.
  (await queue.getBackend().client).on('ready', () => void upsert().catch((error: Error) => onError?.(error)));
  await upsert();
}
