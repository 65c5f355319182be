import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateDetailsRequestSchema } from '@kiyasla/contracts/account';
import { createAlertSchema, alertsQuerySchema, updateAlertSchema } from '@kiyasla/contracts/alerts';
import {
  compareRequestSchema,
  createComparisonRequestSchema,
  updateComparisonRequestSchema,
} from '@kiyasla/contracts/comparisons';
import { listingQuerySchema } from '@kiyasla/contracts/listing';
import { notificationSettingsUpdateSchema } from '@kiyasla/contracts/notification-settings';
import { notificationsQuerySchema } from '@kiyasla/contracts/notifications';
import { checkoutRequestSchema } from '@kiyasla/contracts/payments';
import { privacySettingsUpdateSchema } from '@kiyasla/contracts/privacy';
import { products } from '../db/schema/products';
import { bearer } from './accounts';
import { useTestApp } from './app';
import { registerPremiumUser } from './premium';

/*
 * Property-based fuzzing (issue 17): requests built from the contract schemas — valid-looking
 * values mixed at every level with hostile ones (wrong types, huge strings, Turkish İ/ı, emoji,
 * bidi and zero-width characters, NUL, NaN and negative numbers, deep JSON, unknown fields) —
 * against the endpoints that take input. Every answer: no 5xx, no hang, every 4xx in the error
 * format, and a refused write leaves the caller's data as it was.
 *
 * FUZZ_RUNS scales the cases (default 10 000 in all; `FUZZ_RUNS=100000` for a long run),
 * FUZZ_SEED replays a failure.
 */

const t = useTestApp();
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const REQUEST_TIMEOUT_MS = 5_000;

let token: string;
let userId: string;
let productIds: string[];
let comparisonId: string;
let alertId: string;

beforeAll(async () => {
  const session = await registerPremiumUser(t);
  token = session.token;
  userId = session.user._id;
  productIds = (await t.db.db.select({ id: products.id }).from(products).limit(6)).map((p) => p.id);
  const comparison = await t.app.inject({
    method: 'POST',
    url: '/api/comparisons',
    headers: bearer(token),
    payload: { name: 'Fuzz', productIds: productIds.slice(0, 2) },
  });
  comparisonId = (comparison.json() as { data: { _id: string } }).data._id;
  const alert = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: bearer(token),
    payload: { product: productIds[0], targetPrice: 10 },
  });
  alertId = (alert.json() as { data: { _id: string } }).data._id;
});

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** Strings that have broken parsers, databases and Turkish case folding before. */
const NASTY_STRINGS = [
  '',
  ' ',
  'İ',
  'ı',
  'İSTANBUL ığüşöç',
  'i̇lkay',
  '😀👨‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'a\u200Bb\u200D',
  '\u0000',
  '%00',
  '\\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'null',
  'undefined',
  '[]',
  '{}',
  '\uFFFF',
  '\uD800',
  'ǅ',
  'ß',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'ş'.repeat(n)),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    -1,
    0,
    -0,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
    0.1 + 0.2,
    1e-320,
  ),
  fc.double(),
  fc.integer(),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** `[[[[…]]]]` nested `depth` deep. */
const deepJson = fc.integer({ min: 100, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
};

/**
 * Values valid-looking for a JSON schema (from a contract's zod schema), with a hostile value in
 * place of any part one time in five. `ids` are the ids a field named like one may take.
 */
function fromSchema(schema: JsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validLooking(schema, ids) }, { weight: 1, arbitrary: nastyValue });
}

function validLooking(schema: JsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => fromSchema(s, ids)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) {
        record[key] = /id$|^product$|^store$/i.test(key) && sub.type === 'string' ? idLike(ids) : fromSchema(sub, ids);
      }
      return fc
        .tuple(
          fc.record(record, { requiredKeys: schema.required?.filter((k) => k in record) ?? [] }),
          // Fields no schema knows: mass assignment.
          fc.dictionary(fc.constantFrom('userId', 'role', 'isPremium', '_id', '__proto__', 'constructor'), nastyValue, {
            maxKeys: 2,
          }),
        )
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    case 'array': {
      const items = schema.items ?? {};
      return fc.array(items.type === 'string' && ids.length ? idLike(ids) : fromSchema(items, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 8, 12),
      });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'uuid') return idLike(ids);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 200) }),
        fc.constantFrom('Kulaklık', 'İPHONE ıphone', 'samsung galaxy', 'Çamaşır makinesi'),
      );
    default:
      return nastyValue;
  }
}

/** A real id most of the time, else something id-shaped that is not one. */
function idLike(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.uuid() },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-000000000000', 'İ'.repeat(36)) },
  );
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A query string from a query schema: values as strings (and sometimes arrays of them). */
function queryFrom(schema: z.ZodType, ids: () => string[]): fc.Arbitrary<string> {
  return fc
    .constant(null)
    .chain(() => validLooking(jsonSchemaOf(schema), ids()))
    .map((value) => {
      const params = new URLSearchParams();
      for (const [key, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
        for (const one of Array.isArray(v) ? v : [v])
          params.append(key, typeof one === 'string' ? one : JSON.stringify(one));
      }
      return params.toString();
    });
}

// ---------------------------------------------------------------------------------------------
// Targets
// ---------------------------------------------------------------------------------------------

interface Target {
  name: string;
  /** Share of the total runs. */
  weight: number;
  /** Whether a refusal must leave the caller's data untouched. */
  write: boolean;
  request: () => fc.Arbitrary<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
}

const bodyTarget = (
  name: string,
  method: 'POST' | 'PUT' | 'PATCH',
  url: () => string,
  schema: z.ZodType,
  weight: number,
): Target => ({
  name,
  weight,
  write: true,
  request: () =>
    fc
      .oneof(
        { weight: 8, arbitrary: fromSchema(jsonSchemaOf(schema), productIds).map((payload) => ({ payload })) },
        { weight: 1, arbitrary: deepJson.map((raw) => ({ body: raw })) },
        { weight: 1, arbitrary: nastyString.map((raw) => ({ body: raw })) },
      )
      .map((b) => ({
        method,
        url: url(),
        headers: { 'content-type': 'application/json' },
        ...('payload' in b ? { payload: JSON.stringify(b.payload) } : { payload: b.body }),
      })),
});

const queryTarget = (name: string, path: string, schema: z.ZodType, weight: number): Target => ({
  name,
  weight,
  write: false,
  request: () => queryFrom(schema, () => productIds).map((qs) => ({ method: 'GET', url: `${path}?${qs}` })),
});

/** A path segment as a client would send it; a lone surrogate becomes the invalid UTF-8 it would be. */
function encodeSegment(segment: string): string {
  try {
    return encodeURIComponent(segment);
  } catch {
    return '%ED%A0%80%ff';
  }
}

const pathTarget = (name: string, method: 'GET' | 'POST' | 'DELETE', prefix: string, weight: number): Target => ({
  name,
  weight,
  write: method !== 'GET',
  request: () =>
    fc.oneof(idLike(productIds), nastyString).map((segment) => ({
      method,
      url: `${prefix}${encodeSegment(segment).slice(0, 2_000)}`,
    })),
});

const TARGETS: Target[] = [
  queryTarget('GET /api/products', '/api/products', listingQuerySchema, 3),
  queryTarget('GET /api/search', '/api/search', listingQuerySchema.and(z.object({ q: z.string() })), 2),
  queryTarget('GET /api/alerts', '/api/alerts', alertsQuerySchema, 1),
  queryTarget('GET /api/notifications', '/api/notifications', notificationsQuerySchema, 1),
  pathTarget('GET /api/products/{id}', 'GET', '/api/products/', 1),
  pathTarget('GET /api/comparisons/{id}', 'GET', '/api/comparisons/', 1),
  pathTarget('POST /api/favorites/{productId}', 'POST', '/api/favorites/', 1),
  pathTarget('DELETE /api/notifications/{id}', 'DELETE', '/api/notifications/', 1),
  bodyTarget('POST /api/comparisons/compare', 'POST', () => '/api/comparisons/compare', compareRequestSchema, 2),
  bodyTarget('POST /api/comparisons', 'POST', () => '/api/comparisons', createComparisonRequestSchema, 2),
  bodyTarget(
    'PUT /api/comparisons/{id}',
    'PUT',
    () => `/api/comparisons/${comparisonId}`,
    updateComparisonRequestSchema,
    2,
  ),
  bodyTarget('POST /api/alerts', 'POST', () => '/api/alerts', createAlertSchema, 2),
  bodyTarget('PUT /api/alerts/{id}', 'PUT', () => `/api/alerts/${alertId}`, updateAlertSchema, 1),
  bodyTarget('PUT /api/auth/update-details', 'PUT', () => '/api/auth/update-details', updateDetailsRequestSchema, 2),
  bodyTarget(
    'PUT /api/auth/notification-settings',
    'PUT',
    () => '/api/auth/notification-settings',
    notificationSettingsUpdateSchema,
    2,
  ),
  bodyTarget(
    'PUT /api/auth/privacy-settings',
    'PUT',
    () => '/api/auth/privacy-settings',
    privacySettingsUpdateSchema,
    1,
  ),
  bodyTarget('POST /api/payments/checkout', 'POST', () => '/api/payments/checkout', checkoutRequestSchema, 1),
];

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/** Everything the fuzz account owns, as one fingerprint. */
async function fingerprint(): Promise<string> {
  const rows = await t.db.db.execute(sql`
    select md5(concat_ws('|',
      (select row(u.first_name, u.last_name, u.email, u.phone, u.role, u.subscription_plan)::text from users u where u.id = ${userId}::uuid),
      (select string_agg(f.product_id::text, ',' order by f.product_id) from favorites f where f.user_id = ${userId}::uuid),
      (select string_agg(row(a.id, a.target_price, a.is_active, a.triggered)::text, ',' order by a.id) from price_alerts a where a.user_id = ${userId}::uuid),
      (select string_agg(row(c.id, c.name, c.is_public, c.product_ids, c.tags)::text, ',' order by c.id) from saved_comparisons c where c.user_id = ${userId}::uuid),
      (select row(n.*)::text from notification_settings n where n.user_id = ${userId}::uuid),
      (select row(p.*)::text from privacy_settings p where p.user_id = ${userId}::uuid),
      (select count(*)::text from payments p where p.user_id = ${userId}::uuid)
    )) as print`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return String((list[0] as { print: string }).print);
}

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([t.app.inject(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function expectErrorFormat(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = res.json() as Record<string, unknown>;
  expect(body.success, what).toBe(false);
  expect(typeof body.code, what).toBe('string');
  expect(typeof body.message, what).toBe('string');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
}

const totalWeight = TARGETS.reduce((sum, target) => sum + target.weight, 0);
const counted = { cases: 0 };

describe('what the fuzzing found, pinned', () => {
  it('a NUL in the URL is a 400 with the security headers (the check ran before helmet)', async () => {
    for (const url of ['/api/comparisons/%00', '/api/search?q=%00']) {
      const res = await send({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expectErrorFormat(res, url);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('a price bound past what a kuruş column holds is a 400, not a 500 from the database', async () => {
    for (const url of ['/api/products?maxPrice=33908232', '/api/search?q=kulaklik&minPrice=99999999']) {
      const res = await send({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expectErrorFormat(res, url);
    }
    const largest = await send({ method: 'GET', url: '/api/products?maxPrice=20000000' });
    expect(largest.statusCode).toBe(200);
  });

  it('a target price that rounds to 0 kuruş is a 400, not a 500 from the database', async () => {
    for (const targetPrice of [1.5e-323, 0.001, 0.004]) {
      const res = await send({
        method: 'POST',
        url: '/api/alerts',
        headers: bearer(token),
        payload: { product: productIds[1], targetPrice },
      });
      expect(res.statusCode, String(targetPrice)).toBe(400);
      expectErrorFormat(res, String(targetPrice));
    }
  });
});

describe('fuzzing the endpoints that take input', () => {
  for (const target of TARGETS) {
    const numRuns = Math.max(50, Math.ceil((TOTAL_RUNS * target.weight) / totalWeight));
    it(`${target.name}: ${numRuns} cases, no 5xx, errors in the format, refused writes change nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(target.request(), async (request) => {
          counted.cases += 1;
          const before = target.write ? await fingerprint() : '';
          const res = await send({
            ...request,
            headers: { ...bearer(token), ...request.headers },
          } as InjectOptions);
          expectErrorFormat(res, `${request.method} ${String(request.url).slice(0, 200)}`);
          if (target.write && res.statusCode >= 400) expect(await fingerprint()).toBe(before);
        }),
        { numRuns, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
    }, 600_000);
  }

  it('oversized bodies are 413 in the error format', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024), productIds: [] });
    const res = await send({
      method: 'POST',
      url: '/api/comparisons',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expectErrorFormat(res, 'oversized');
  });

  it(`ran at least ${TOTAL_RUNS} cases`, () => {
    expect(counted.cases).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });
});
