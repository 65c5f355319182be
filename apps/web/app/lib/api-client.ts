/**
 * The one place the web app talks to the API. It runs in loaders (server) and in the
 * browser, parses the `{ success, message?, data?, pagination? }` envelope and turns every
 * failure into an `ApiError` carrying the server's Turkish message.
 *
 * Paths are given relative to the API base: `apiGet('/products?limit=8')` requests
 * `/api/products?limit=8`.
 */
import type { AppLoadContext } from 'react-router';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';

export const API_BASE = '/api';
export const TOKEN_STORAGE_KEY = 'token';

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
  /** The loader context: in production it carries the in-process `apiFetch`. */
  context?: AppLoadContext;
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Lets the auth feature sign the user out when a call answers 401 (expired or revoked
 * session). Only one handler exists; registering again replaces it.
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

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<ApiResult<T>> {
  const { json, context, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  const token = storedToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  let response: Response;
  try {
    response = await transport(context)(url, {
      ...rest,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, messages.generic.error, 'NETWORK_ERROR');
  }

  let body: Envelope | null = null;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = null;
  }

  if (!response.ok || !body || body.success === false) {
    const message =
      body && typeof body.message === 'string' && body.message
        ? body.message
        : messages.generic.httpError(response.status);
    const code = body && typeof body.code === 'string' ? body.code : 'HTTP_ERROR';
    // A 2xx answer without a readable envelope is still a failure for the caller.
    const error = new ApiError(response.ok ? 502 : response.status, message, code, body?.errors);
    if (error.status === 401 && !isServer) unauthorizedHandler?.(error);
    throw error;
  }

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
export function errorMessage(error: unknown, fallback: string = messages.generic.error): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}
