import { randomBytes } from 'node:crypto';
import { SseClient } from '../../tests/support/sse.js';

/** A driver the bench registered and signed in: their session cookie and, when asked for, their live stream. */
export interface BenchDriver {
  id: number;
  username: string;
  /** `limo_driver=...`, for the driver's own calls. */
  cookie: string;
  stream?: SseClient;
}

/**
 * `count` drivers as the product makes them: registered by the admin, signed in, temporary
 * password changed, on duty and, with `stream`, their live stream open (GET
 * /api/drivers/current/stream), `width` at a time. The caller closes the streams.
 */
export async function benchDrivers(baseUrl: string, admin: string, count: number, { stream = false, width = 1 }: { stream?: boolean; width?: number } = {}): Promise<BenchDriver[]> {
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const one = async (): Promise<BenchDriver> => {
    const tag = randomBytes(4).toString('hex');
    const registered = (await (
      await call('/api/register-driver', { firstName: 'Bench', lastName: `Driver${tag}`, email: `bench-${tag}@example.com`, phone: '3105550000', licenseNumber: `B${tag}`, address: '1 Bench St' }, { Authorization: admin })
    ).json()) as { id: number; username: string; temporaryPassword: string };
    const login = await call('/api/drivers/login', { username: registered.username, password: registered.temporaryPassword });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('limo_driver=')) ?? '').split(';')[0];
    const password = `bench-pw-${tag}`;
    await call('/api/drivers/current/password', { currentPassword: registered.temporaryPassword, newPassword: password, confirmPassword: password }, { Cookie: cookie });
    await call('/api/drivers/current/toggle-duty', {}, { Cookie: cookie });
    const opened = stream ? await new SseClient(`${baseUrl}/api/drivers/current/stream`, { Cookie: cookie }).open() : undefined;
    return { id: registered.id, username: registered.username, cookie, stream: opened };
  };
  const drivers: BenchDriver[] = [];
  // In order of registration, `width` at a time.
  for (let i = 0; i < count; i += width) drivers.push(...(await Promise.all(Array.from({ length: Math.min(width, count - i) }, one))));
  return drivers;
}
