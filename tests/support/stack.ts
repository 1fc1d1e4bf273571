import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@limo/contracts';
import { bootstrapService, type RunningService, type ServiceRootModule } from '@limo/service-runtime';
import { createGateway } from '@limo/gateway';
import { BookingModule } from '@limo/booking';
import { DriversModule } from '@limo/drivers';
import { FleetModule } from '@limo/fleet';
import { ReportingModule } from '@limo/reporting';
import { NotificationsModule } from '@limo/notifications';
import { CustomersModule } from '@limo/customers';
import { createTestEnv, type TestEnv } from './test-env.js';

/** Each service's root module: the same `bootstrapService` call as its process entry point. */
export const SERVICE_MODULES: Record<ServiceName, ServiceRootModule> = {
  booking: BookingModule,
  drivers: DriversModule,
  fleet: FleetModule,
  reporting: ReportingModule,
  notifications: NotificationsModule,
  customers: CustomersModule,
};

export interface TestStack {
  env: TestEnv;
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  gateway: NestFastifyApplication;
  services: Partial<Record<ServiceName, RunningService>>;
  /** Stops every replica of one service (as if its processes died), leaving the rest running. */
  stopService(name: ServiceName): Promise<void>;
  /** Starts (another replica of) a service on the same database and prefix. */
  startService(name: ServiceName): Promise<RunningService>;
  stop(): Promise<void>;
}

export interface StackOptions {
  services?: ServiceName[];
  env?: Record<string, string>;
  /** The database's own `timezone` setting, as a server configured in that zone has it. */
  databaseTimeZone?: string;
}

/**
 * The real product in-process, against the real servers: the chosen services (all five by
 * default), then the gateway on a free port serving the API and the built web app.
 */
export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const env = await createTestEnv(options.env, { timeZone: options.databaseTimeZone });
  const names = options.services ?? (['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'] as ServiceName[]);
  const services: TestStack['services'] = {};
  const replicas: { name: ServiceName; running: RunningService }[] = [];
  const start = (name: ServiceName) => bootstrapService(SERVICE_MODULES[name], { env: env.vars });
  try {
    // One at a time: they share the migration lock anyway, and errors stay readable.
    for (const name of names) services[name] = await start(name);
    const gateway = await createGateway(env.gatewayConfig);
    await gateway.listen(0, '127.0.0.1');
    const { port } = gateway.getHttpServer().address() as AddressInfo;
    return {
      env,
      baseUrl: `http://127.0.0.1:${port}`,
      gateway,
      services,
      async stopService(name) {
        await services[name]?.stop();
        delete services[name];
        await Promise.all(replicas.filter((r) => r.name === name).map((r) => r.running.stop()));
      },
      async startService(name) {
        const running = await start(name);
        replicas.push({ name, running });
        services[name] ??= running;
        return running;
      },
      async stop() {
        await gateway.close().catch(() => {});
        await Promise.all([...Object.values(services), ...replicas.map((r) => r.running)].map((s) => s?.stop().catch(() => {})));
        await env.cleanup();
      },
    };
  } catch (error) {
    await Promise.all(Object.values(services).map((s) => s?.stop().catch(() => {})));
    await env.cleanup();
    throw error;
  }
}

/** Polls until `check` returns a truthy value, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
