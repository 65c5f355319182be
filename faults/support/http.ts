/** A request's outcome as the fault tests judge it: a status and body, or the network error. */
export interface Outcome {
  path: string;
  method: string;
  startedAt: number;
  ms: number;
  status?: number;
  body?: unknown;
  /** The Location header of a redirect. */
  location?: string;
  /** Set when no HTTP answer came: a reset or refused connection, or the client's timeout. */
  error?: string;
}

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A request that never throws: a missing answer is reported as `error` (code of the cause). */
export async function call(baseURL: string, path: string, opts: CallOptions = {}): Promise<Outcome> {
  const method = opts.method ?? (opts.json !== undefined || opts.form ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // kept as text
      }
    }
    const location = res.headers.get('location') ?? undefined;
    return { path, method, startedAt, ms: Date.now() - startedAt, status: res.status, body: parsed, location };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const name = (error as Error).name;
    return {
      path,
      method,
      startedAt,
      ms: Date.now() - startedAt,
      error: name === 'TimeoutError' ? 'TIMEOUT' : (cause?.code ?? cause?.message ?? (error as Error).message),
    };
  }
}

/** `{ success:false, message, code }` with a non-empty message and code. */
export function isErrorEnvelope(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return b.success === false && typeof b.message === 'string' && b.message.length > 0 && typeof b.code === 'string';
}

export function data<T>(outcome: Outcome): T {
  if (outcome.status === undefined || outcome.status >= 300) {
    throw new Error(
      `${outcome.method} ${outcome.path}: ${outcome.status ?? outcome.error} ${JSON.stringify(outcome.body)}`,
    );
  }
  return (outcome.body as { data: T }).data;
}

export async function login(
  baseURL: string,
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const session = data<{ token: string; user: { _id: string } }>(
    await call(baseURL, '/api/auth/login', { json: { email, password } }),
  );
  return { token: session.token, userId: session.user._id };
}

let counter = 0;
export async function register(
  baseURL: string,
  name: string,
): Promise<{ token: string; userId: string; email: string }> {
  counter += 1;
  const email = `${name}.${counter}.${Date.now()}@example.com`;
  const session = data<{ token: string; user: { _id: string } }>(
    await call(baseURL, '/api/auth/register', {
      json: { firstName: 'Hata', lastName: 'Deneme', email, password: 'Güçlü.Şifre1' },
    }),
  );
  return { token: session.token, userId: session.user._id, email };
}

/** Polls `check` until it returns true or the time runs out; returns the milliseconds it took. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 200) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
