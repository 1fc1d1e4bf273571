import { startTestStack, type StackOptions, type TestStack } from './stack.js';

/**
 * A stand-in for a value a hook makes (in beforeAll or beforeEach) that the describe block names
 * once, at collection time: each property read goes to the value as it is now. Read before the
 * hook ran (at collection time, or after the value was dropped), it throws, naming `what`.
 */
export function lateBound<T extends object>(what: string): { ref: T; set(value: T | undefined): void } {
  let value: T | undefined;
  const now = (): T => {
    if (!value) throw new Error(`${what} is read outside the tests it is made for (read it inside it(), or a hook registered after it)`);
    return value;
  };
  const ref = new Proxy({} as T, {
    get(_, key) {
      // Probes of await, Jest's printer and util.inspect see a plain object until the value exists.
      if (!value && (typeof key === 'symbol' || key === 'then' || key === 'asymmetricMatch')) return undefined;
      const target = now();
      const member: unknown = Reflect.get(target, key, target);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member;
    },
    set: (_, key, v) => Reflect.set(now(), key, v),
    has: (_, key) => Reflect.has(now(), key),
  });
  return { ref, set: (v) => void (value = v) };
}

/**
 * The test stack of a describe block (or a file): started in its beforeAll, stopped in its
 * afterAll. Write `const stack = withStack({ services: ['fleet', 'booking'] })` in the describe
 * body and use `stack.baseUrl`, `stack.env`, `stack.stopService(...)` in its tests and later hooks,
 * as a `TestStack`. Options that depend on something a hook starts first (a private NATS, an SMTP
 * inbox) are given as a function, called in the beforeAll: register that hook before this one.
 * `beforeStop` runs first in the afterAll: to close what uses the stack (database clients, event
 * streams) while it still runs. `WEB_DIST` from the environment is passed on (a run can serve its
 * own build of the web app).
 */
export function withStack(
  options: StackOptions | (() => StackOptions) = {},
  { timeoutMs = 90_000, beforeStop }: { timeoutMs?: number; beforeStop?: () => unknown } = {},
): TestStack {
  const stack = lateBound<TestStack>('the test stack');
  let running: TestStack | undefined;
  beforeAll(async () => {
    const chosen = typeof options === 'function' ? options() : options;
    const webDist: Record<string, string> = process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {};
    running = await startTestStack({ ...chosen, env: { ...webDist, ...chosen.env } });
    stack.set(running);
  }, timeoutMs);
  afterAll(async () => {
    try {
      await beforeStop?.();
    } finally {
      stack.set(undefined);
      await running?.stop();
    }
  }, timeoutMs);
  return stack.ref;
}
