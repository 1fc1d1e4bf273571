import { z } from 'zod';
import { defineRpc } from './messages.js';

export const ComponentHealth = z.object({
  /** degraded: serving, but something needs an operator (dead letters, consumers far behind). */
  status: z.enum(['up', 'degraded', 'down']),
  latencyMs: z.number().optional(),
  detail: z.string().optional(),
  /** Events: the oldest event a consumer has not applied yet, in seconds. */
  lagSeconds: z.number().optional(),
  /** Events: messages that could never apply, waiting in the dead-letter stream. */
  deadLetters: z.number().int().optional(),
});
export type ComponentHealth = z.infer<typeof ComponentHealth>;

export const ServiceHealth = z.object({
  service: z.string(),
  instance: z.string(),
  database: ComponentHealth,
});
export type ServiceHealth = z.infer<typeof ServiceHealth>;

export const HealthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  components: z.record(z.string(), ComponentHealth),
});
export type HealthReport = z.infer<typeof HealthReport>;

/** Every service answers on its own health subject: `<service>.health.check.v1`. */
export const healthRpc = (service: string) =>
  defineRpc(`${service}.health.check.v1`, z.object({}).strict(), ServiceHealth);

const ProbeIndicators = z.record(z.string(), z.object({ status: z.enum(['up', 'down', 'degraded']) }).catchall(z.unknown()));

/** A liveness or readiness probe's answer (terminus's shape): 200 when ok, 503 otherwise. */
export const ProbeReport = z.object({
  status: z.enum(['ok', 'error', 'degraded', 'shutting_down']),
  info: ProbeIndicators.optional(),
  error: ProbeIndicators.optional(),
  details: ProbeIndicators,
});
export type ProbeReport = z.infer<typeof ProbeReport>;

/** GET /api/admin/dead-letters: an event a consumer could never apply, with the reason. */
export const DeadLetterEntry = z.object({
  seq: z.number().int().positive(),
  consumer: z.string(),
  subject: z.string(),
  reason: z.string(),
  at: z.iso.datetime({ offset: true }),
  body: z.string(),
});
export type DeadLetterEntry = z.infer<typeof DeadLetterEntry>;
