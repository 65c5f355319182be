/**
 * The one place the web app talks to the API. It runs in loaders (server) and in the
 * browser, parses the `{ success, message?, data?, pagination? }` envelope and turns every
 * failure into an `ApiError` carrying the server's Turkish message.
 *
 * In the browser it attaches the stored bearer token, and when a call answers 401 it renews
 * the access token once with the refresh token (single-flight, see lib/stored-session/token-refresher)
 * and retries; when the session cannot be renewed it is cleared (signed out silently).
 *
 * Paths are given relative to the API base: `apiGet('/products?limit=8')` requests
 * `/api/products?limit=8`.
 */
import type { AppLoadContext } from 'react-router';
import type { Pagination } from '@kiyasla/contracts/envelope';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { clearSession, getStoredTokens, saveSession, TOKEN_KEY } from './stored-session/session-store';
import { createTokenRefresher } from './stored-session/token-refresher';

export const API_BASE = '/api';
export const TOKEN_STORAGE_KEY = TOKEN_KEY;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: ReadonlyArray<{ path: string; message: string }> | undefined;

  constructor(
    status: number,
    message: string,
    code: string,
    errors?: ReadonlyArray<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiResult<T> {
  data: T;
  message?: string;
  pagination?: Pagination;
  /** Other top-level fields of the envelope, when there are any (listing `facets`, review `summary`). */
  extras?: Record<string, unknown>;
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A JSON-serialisable body; sent with `Content-Type: application/json`. */
  json?: unknown;
  /** A file sent as it is (a store feed upload); set its `Content-Type` in `headers`. */
  file?: Blob;
  /** The loader context: in production it carries the in-process `apiFetch`. */
  context?: AppLoadContext;
  /** false: send no stored token and never refresh (sign-in, refresh and logout calls). */
  auth?: boolean;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Told when a call answered 401 and the session could not be renewed: the stored session has
 * already been cleared (signed out silently, spec §8), and the call itself fails with the server's
 * answer. Only one handler exists; registering again replaces it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

const isServer = typeof window === 'undefined';

function storedToken(): string | null {
  if (isServer) return null;
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): behave as signed out.
    return null;
  }
}

function transport(context: AppLoadContext | undefined): (path: string, init: RequestInit) => Promise<Response> {
  if (!isServer) return (path, init) => fetch(path, init);
  if (context?.apiFetch) return context.apiFetch;
  // `react-router dev`: the API is a separate process on API_PORT.
  const port = process.env.API_PORT ?? '3001';
  return (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init);
}

interface Envelope {
  success?: boolean;
  message?: unknown;
  code?: unknown;
  data?: unknown;
  pagination?: Pagination;
  errors?: Array<{ path: string; message: string }>;
  [extra: string]: unknown;
}

/** Paths whose 401 means wrong credentials or a dead refresh token, never an expired access token. */
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout']);

const refreshAccessToken = createTokenRefresher({
  readTokens: getStoredTokens,
  requestRefresh: async (refreshToken) => {
    const { data } = await apiRequest<AuthSession>('/auth/refresh', {
      method: 'POST',
      json: { refreshToken },
      auth: false,
    });
    return data;
  },
  saveSession,
  clearSession,
});

/**
 * Sends a request to the API and returns the raw response (any status). Browser calls carry
 * the stored token; a 401 is answered by one token refresh and one retry.
 */
export async function apiFetchRaw(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { json, file, context, auth = true, headers: initHeaders, ...rest } = init;
  const relative = path.startsWith('/') ? path : `/${path}`;
  const url = `${API_BASE}${relative}`;
  const body = json === undefined ? file : JSON.stringify(json);
  const send = async (token: string | null) => {
    const headers = new Headers(initHeaders);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await transport(context)(url, { ...rest, headers, body });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, genericMessages.error, 'NETWORK_ERROR');
    }
  };

  const token = auth && !new Headers(initHeaders).has('Authorization') ? storedToken() : null;
  const response = await send(token);
  if (response.status !== 401 || !token || NO_REFRESH_PATHS.has(relative.split('?')[0] ?? '')) return response;
  const outcome = await refreshAccessToken(token);
  if (outcome.kind === 'refreshed') {
    // The refused answer is replaced by the retry: release its body rather than leave it pending.
    await response.body?.cancel().catch(() => undefined);
    return send(outcome.token);
  }
  if (outcome.kind === 'signed-out') unauthorizedHandler?.();
  return response;
}

/**
 * The ApiError of a failed answer: the envelope's Turkish message, code and field errors, else
 * 'HTTP error! status: N'. For callers that read a response themselves (a file download).
 */
export function apiErrorFrom(response: Response, body: unknown): ApiError {
  const envelope = typeof body === 'object' && body !== null ? (body as Envelope) : null;
  const message =
    envelope && typeof envelope.message === 'string' && envelope.message
      ? envelope.message
      : genericMessages.httpError(response.status);
  const code = envelope && typeof envelope.code === 'string' ? envelope.code : 'HTTP_ERROR';
  // A 2xx answer without a readable envelope is still a failure for the caller.
  return new ApiError(response.ok ? 502 : response.status, message, code, envelope?.errors);
}

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<ApiResult<T>> {
  const response = await apiFetchRaw(path, init);

  let body: Envelope | null = null;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = null;
  }

  if (!response.ok || !body || body.success === false) throw apiErrorFrom(response, body);

  const result: ApiResult<T> = { data: body.data as T };
  if (typeof body.message === 'string') result.message = body.message;
  if (body.pagination) result.pagination = body.pagination;
  const { success: _s, message: _m, code: _c, data: _d, pagination: _p, errors: _e, ...extras } = body;
  if (Object.keys(extras).length > 0) result.extras = extras;
  return result;
}

/** GET and return `data` only. */
export async function apiGet<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { data } = await apiRequest<T>(path, { ...init, method: 'GET' });
  return data;
}

/** The Turkish text to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = genericMessages.error): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}
