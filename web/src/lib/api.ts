import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { noteFigures, STALE_FIGURES_HEADER } from './stale-figures';

/** Error of a non-OK response: message is "<status>: <body text or status text>" (spec section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The response body as text, when there was one. */
    readonly body = '',
    /** Seconds from a Retry-After header (429), when it gave a number. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The server's own explanation of a failed call: `message` of a `{statusCode, message}` body, or its text. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    if (Array.isArray(parsed.message) && parsed.message.length) return parsed.message.join(', ');
  } catch {
    // Not JSON: the text itself.
  }
  return error.body.length <= 300 ? error.body : undefined;
}

/**
 * The fields a refused call names (`errors: [{path, message}]` of a 400 body), each with its first
 * message: shown under the field rather than as the body's `message`, which reads "path: message".
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body) return {};
  return bodyFieldErrors(error.body);
}

/** The fields an error body names (`errors: [{path, message}]`), each with its first message; none for a body that is not such JSON. */
export function bodyFieldErrors(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  try {
    const { errors } = JSON.parse(body) as { errors?: unknown };
    if (!Array.isArray(errors)) return {};
    for (const entry of errors as { path?: unknown; message?: unknown }[]) {
      if (typeof entry?.path === 'string' && entry.path && typeof entry.message === 'string') fields[entry.path] ??= entry.message;
    }
  } catch {
    // Not JSON: no field is named.
  }
  return fields;
}

export const ADMIN_AUTH_KEY = 'adminAuth';

/** The stored admin credential as an Authorization header value, if an admin is logged in. */
export function adminAuthHeader(): string | undefined {
  try {
    const stored = localStorage.getItem(ADMIN_AUTH_KEY);
    if (!stored) return undefined;
    const parsed = JSON.parse(stored) as { credentials?: string };
    return parsed.credentials ? `Basic ${parsed.credentials}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The driver's own calls, made with the driver's session cookie: sign-in and sign-out, everything
 * under /api/drivers/current, the week outlook and a ride's answer and progress. They share
 * prefixes with admin calls (/api/drivers, /api/bookings) but must never carry the admin's
 * credentials: a driver and an admin may use the same browser.
 */
export function isDriverPath(path: string): boolean {
  const bare = path.split(/[?#]/)[0];
  return (
    bare === '/api/drivers/login' ||
    bare === '/api/drivers/logout' ||
    bare === '/api/drivers/current' ||
    bare.startsWith('/api/drivers/current/') ||
    bare === '/api/bookings/week-outlook' ||
    /^\/api\/bookings\/\d+\/(accept|decline|deny|driver-status)$/.test(bare)
  );
}

/** Paths that need the admin's Basic credentials (the admin prefix and the admin-only calls). */
export function needsAdminAuth(path: string): boolean {
  if (isDriverPath(path)) return false;
  return (
    path.startsWith('/api/admin') ||
    path.startsWith('/api/bookings') ||
    path.startsWith('/api/drivers') ||
    path === '/api/register-driver'
  );
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text();
  const retryAfter = res.headers?.get('Retry-After');
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  throw new ApiError(res.status, `${res.status}: ${body || res.statusText}`, body, seconds);
}

export interface RequestOptions {
  /**
   * false: never send the stored admin credential (public forms that share a path with the admin).
   * 'required': an admin-only form on a path the public shares; without a stored credential the
   * call is not sent at all (it would be taken as the public's) and fails as a 401.
   */
  adminAuth?: boolean | 'required';
}

/** The refusal of a call that needs the admin's credentials when none are stored (never sent). */
const NOT_SIGNED_IN_ERROR = () => new ApiError(401, '401: Not signed in as an administrator');

/**
 * One request to the API: credentials included, JSON content type only when a body exists. A Blob
 * (a file the admin picked) goes as it is, with its own type: a driver's photo.
 */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
  options: RequestOptions = {},
): Promise<Response> {
  // Marks the call as the app's own (not a page load), so the gateway can refuse credentials
  // without `WWW-Authenticate: Basic`, which would make the browser open its own login prompt.
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...extraHeaders };
  const bytes = body instanceof Blob;
  if (body !== undefined && !bytes) headers['Content-Type'] = 'application/json';
  const auth = options.adminAuth !== false && needsAdminAuth(path) ? adminAuthHeader() : undefined;
  if (auth && !headers.Authorization) headers.Authorization = auth;
  if (options.adminAuth === 'required' && !headers.Authorization) throw NOT_SIGNED_IN_ERROR();
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : bytes ? body : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const res = await apiRequest(method, path, body, {}, options);
  return (await res.json()) as T;
}

/** Default query function: GET on the first element of the query key, with its params. */
async function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  const [path, params] = queryKey as [string, Record<string, string | number> | undefined];
  const search = params ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await apiRequest('GET', `${path}${search}`);
  // Figures from before a reporting outage come marked: the admin pages say so.
  noteFigures(`${path}${search}`, res.headers.get(STALE_FIGURES_HEADER));
  return res.json();
}

/** Query defaults of spec section 7 and 9: no focus refetch, never stale, no retries, 5 min gc. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: false },
    },
  });
}
