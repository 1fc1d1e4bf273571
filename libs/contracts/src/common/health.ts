import { z } from 'zod';
import { defineRpc } from './messages.js';

export const ComponentHealth = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  detail: z.string().optional(),
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
