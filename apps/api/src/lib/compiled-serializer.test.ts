import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { facetsSchema, productCardSchema, productDetailSchema } from '@kiyasla/contracts/catalog';
import { errorEnvelopeSchema, paginationSchema } from '@kiyasla/contracts/envelope';
import {
  CompiledSerializerMismatch,
  compiledSerializerCompiler,
  compileSerializer,
  serializationSchema,
  type SerializerMode,
} from './compiled-serializer';

/** What the app's zod serializer writes. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const card = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: uuid(n),
  name: `Ürün "${n}" — çift tırnaklı, ışık & gölge </script>`,
  slug: `urun-${n}`,
  brand: 'Şahin',
  model: n % 2 ? null : `M-${n}`,
  category: { _id: uuid(1000), name: 'Telefon', slug: 'telefon' },
  subcategory: n % 3 ? null : { _id: uuid(1001), name: 'Akıllı Telefon', slug: 'akilli-telefon' },
  image_url: `/api/media/p/${n}.webp`,
  images: [{ url: `/api/media/p/${n}.webp`, alt: 'ön' }],
  currentPrice: n % 4 ? 12_499.9 + n : null,
  originalPrice: null,
  priceChange: n % 2 ? { type: 'down', percentage: 12.5 } : null,
  averageRating: 4.25,
  ratingsCount: 17,
  storeCount: 3,
  stores: [
    {
      name: 'Mağaza İstanbul',
      slug: 'magaza-istanbul',
      price: 12_499.9,
      freeShipping: true,
      shippingLabel: 'Ücretsiz',
    },
  ],
  keySpecs: n % 2 ? { ram: '8 GB', storage: '256 GB' } : {},
  availability: 'in-stock',
  isFeatured: n % 5 === 0,
  createdAt: '2026-08-15T03:12:43.145Z',
  ...overrides,
});

const listResponse = z.object({
  success: z.literal(true),
  data: z.array(productCardSchema),
  pagination: paginationSchema,
  facets: facetsSchema.optional(),
});

describe('serializationSchema', () => {
  it('drops keywords that only validate, but never a property that bears such a name', () => {
    const schema = serializationSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        description: { type: 'string', minLength: 1 },
        required: { type: 'boolean', const: true },
        id: { type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' },
      },
      required: ['description', 'required', 'id'],
      additionalProperties: false,
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { description: { type: 'string' }, required: { type: 'boolean' }, id: { type: 'string' } },
      additionalProperties: false,
    });
  });

  it("folds zod's nullable branches into one schema with two types, and leaves other unions alone", () => {
    expect(
      serializationSchema({
        anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }],
      }),
    ).toEqual({ type: ['object', 'null'], properties: { a: { type: 'string' } } });
    const twoObjects = {
      anyOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'string' } } },
      ],
    };
    expect(serializationSchema(twoObjects)).toEqual(twoObjects);
    const numberOrInteger = { anyOf: [{ type: 'number' }, { type: 'integer' }] };
    expect(serializationSchema(numberOrInteger)).toEqual(numberOrInteger);
  });
});

describe('compileSerializer', () => {
  it("writes a listing's cards, pagination and facets byte for byte as the zod serializer does", () => {
    const reply = {
      success: true,
      data: Array.from({ length: 20 }, (_, n) => card(n)),
      pagination: { page: 2, pages: 7, total: 131, limit: 20 },
      facets: {
        brands: [{ value: 'Şahin', label: 'Şahin', count: 12 }],
        stores: [{ value: 'magaza-istanbul', label: 'Mağaza İstanbul', count: 3 }],
        specs: [{ key: 'ram', label: 'RAM', values: [{ value: '8 GB', label: '8 GB', count: 4 }] }],
        price: { min: 10.5, max: 99_999 },
        advanced: { freeShipping: 3, inStock: 9, priceDropped: 0, lowestIn6m: 1 },
      },
    };
    const parsed = listResponse.safeParse(reply);
    // The sample must be a valid reply, or the comparison proves nothing.
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(compileSerializer(listResponse)(reply)).toBe(viaZod(listResponse, reply));
  });

  it('leaves out what zod leaves out: unknown keys and absent optional fields', () => {
    const reply = {
      success: true,
      data: [card(1, { internalCost: 5 })],
      pagination: { page: 1, pages: 1, total: 1, limit: 20 },
    };
    const bytes = compileSerializer(listResponse)(reply);
    expect(bytes).toBe(viaZod(listResponse, reply));
    expect(bytes).not.toContain('internalCost');
    expect(bytes).not.toContain('facets');
  });

  it('writes a string the way JSON.stringify does: quotes, backslashes, lone surrogates, U+2028', () => {
    const schema = z.object({ s: z.string() });
    const data = { s: 'a"b\\c\ud800d\u2028e\nf' };
    expect(compileSerializer(schema)(data)).toBe(JSON.stringify(data));
  });

  it('refuses a schema zod cannot describe as JSON (a date), at compile time', () => {
    expect(() => compileSerializer(z.object({ at: z.date() }))).toThrow();
  });

  it('compiles the product detail', () => {
    expect(() => compileSerializer(productDetailSchema)).not.toThrow();
  });
});

describe('compiledSerializerCompiler on a route', () => {
  // Two object branches: zod keeps the first that parses (and strips the rest); the compiled
  // serializer picks a branch by validation, so the two disagree on { a, b }.
  const ambiguous = z.object({
    success: z.literal(true),
    data: z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.string() })]),
  });

  async function app(mode: SerializerMode) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler((err: Error, _req, reply) =>
      reply.status(500).send({ success: false, code: err.constructor.name, message: err.message }),
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/thing/:kind',
      {
        schema: {
          params: z.object({ kind: z.enum(['one', 'two', 'none']) }),
          response: { 200: ambiguous, 404: errorEnvelopeSchema },
        },
        serializerCompiler: compiledSerializerCompiler(mode),
      },
      async (req, reply) => {
        if (req.params.kind === 'none') {
          return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Bulunamadı.' });
        }
        return { success: true as const, data: req.params.kind === 'one' ? { a: 'x' } : { a: 'x', b: 'y' } };
      },
    );
    await app.ready();
    return app;
  }

  it('in verify mode answers a reply both serializers agree on', async () => {
    const server = await app('verify');
    const res = await server.inject('/thing/one');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"success":true,"data":{"a":"x"}}');
  });

  it('in verify mode fails a reply the two serializers write differently, saying where', async () => {
    const server = await app('verify');
    const res = await server.inject('/thing/two');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(CompiledSerializerMismatch.name);
    expect(res.json().message).toContain('/thing/:kind');
  });

  it('in compiled mode writes the compiled bytes without the zod pass', async () => {
    const server = await app('compiled');
    const res = await server.inject('/thing/two');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"success":true,"data":{"a":"x","b":"y"}}');
  });

  it('sends other status codes through the zod serializer', async () => {
    const server = await app('compiled');
    const res = await server.inject('/thing/none');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('{"success":false,"message":"Bulunamadı.","code":"NOT_FOUND"}');
  });
});
