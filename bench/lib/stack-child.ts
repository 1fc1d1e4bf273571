import 'reflect-metadata';
import type { ServiceName } from '@limo/contracts';
import { startTestStack } from '../../tests/support/stack.js';

// Child side of startStackProcess: start, announce, and on the parent's 'stop' message stop
// everything and drop the run's database and stream.
const services = (process.argv[2] ?? 'fleet').split(',') as ServiceName[];
// STACK_ENV (JSON) overrides the stack's settings, e.g. the admin credentials a scenario logs in with.
const env = process.env.STACK_ENV ? (JSON.parse(process.env.STACK_ENV) as Record<string, string>) : undefined;
const stack = await startTestStack({ services, env });
console.log(`STACK ${JSON.stringify({ baseUrl: stack.baseUrl, databaseUrl: stack.env.databaseUrl, prefix: stack.env.id })}`);
process.on('message', (message) => {
  if (message === 'stop') void stack.stop().finally(() => process.exit(0));
});
