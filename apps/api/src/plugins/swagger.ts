import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryNodeSchema } from '@kiyasla/contracts/catalog';
import { errorEnvelopeSchema } from '@kiyasla/contracts/envelope';
import { DEFAULT_SETTINGS } from '@kiyasla/contracts/settings';
import { notFoundBody } from './error-handler';
import { optionalUser } from './policies';

/**
 * Schemas published as named components. A recursive schema must be one: inlined, zod can only
 * point its cycle at an anonymous `#/components/schemas/schema0` that nothing defines.
 */
const componentRegistry = z.registry<{ id: string }>();
componentRegistry.add(categoryNodeSchema, { id: 'CategoryNode' });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentRegistry });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: componentRegistry });

type SecurityRequirements = Record<string, string[]>[];

/** Anonymous callers are welcome, a bearer token is used when one is sent. */
const OPTIONAL_BEARER: SecurityRequirements = [{}, { bearerAuth: [] }];

/** Whether the route runs the `optionalUser` policy: anonymous callers welcome, a token used when sent. */
function runsOptionalUser(route: RouteOptions): boolean {
  const hooks = route.onRequest ? [route.onRequest].flat() : [];
  return hooks.includes(optionalUser);
}

const NO_PARAMS = z.object({});

/** Every route under /api shares the per-client rate limit (app.ts) unless its config turns it off. */
const rateLimitedResponse = errorEnvelopeSchema.describe(
  'Çok fazla istek: dakikalık istek sınırı aşıldı (RATE_LIMITED)',
);

const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Servis durumu',
  catalog: 'Kategoriler, ürünler, fiyatlar ve mağazalar',
  search: 'Ürün araması ve öneriler',
  config: 'Herkese açık site yapılandırması',
  auth: 'Kayıt, giriş ve oturumlar',
  account: 'Hesap, profil ve tercihler',
  favorites: 'Favori ürünler',
  comparisons: 'Ürün karşılaştırmaları',
  admin: 'Yönetim paneli',
};

/** `GET /api/products/:id/price-history` → `getProductsByIdPriceHistory`: unique as long as method and path are. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)));
  return [method.toLowerCase(), ...words.filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * Per route: zod schemas to JSON Schema, plus what every operation should say and routes leave
 * implicit — an operationId, the 429 of the rate limit, and who may call it: a route without a
 * `security` declaration is public (`security: []`), or optionally signed in when it runs
 * `optionalUser`. Wildcard routes (the JSON 404 catch-all) are not operations a client can call,
 * so they stay out of the document.
 */
const transform: SwaggerTransform = (input) => {
  if (input.url.includes('*')) return { schema: { hide: true }, url: input.url };
  const route = 'route' in input ? input.route : undefined;
  const source = input.schema as Record<string, unknown> | undefined;
  if (!source || source.hide || !route) return zodTransform(input as Parameters<typeof zodTransform>[0]);

  const schema: Record<string, unknown> = { ...source };
  const rateLimited = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false;
  // Without declared responses @fastify/swagger documents a default 200; a lone 429 would replace it.
  if (rateLimited && source.response) schema.response = { 429: rateLimitedResponse, ...source.response };
  if (typeof route.method === 'string') schema.operationId ??= operationIdOf(route.method, input.url);
  // @fastify/swagger would invent `{ type: 'string' }` for a path parameter the route does not
  // validate; documenting none lets the lint (openapi.test.ts) name the route instead.
  if (!source.params && input.url.includes('/:')) schema.params = NO_PARAMS;
  schema.security ??= runsOptionalUser(route) ? OPTIONAL_BEARER : [];
  assertKnownSecuritySchemes(schema.security as SecurityRequirements, input, route);
  return zodTransform({ ...input, schema } as Parameters<typeof zodTransform>[0]);
};

/** @fastify/swagger fails on an undeclared scheme with a bare TypeError; name the route instead. */
function assertKnownSecuritySchemes(
  security: SecurityRequirements,
  input: Parameters<SwaggerTransform>[0],
  route: RouteOptions,
) {
  const declared = 'openapiObject' in input ? (input.openapiObject.components?.securitySchemes ?? {}) : {};
  for (const name of security.flatMap((requirement) => Object.keys(requirement))) {
    if (!(name in declared)) {
      throw new Error(
        `${String(route.method)} ${input.url}: "${name}" güvenlik şeması tanımlı değil (plugins/swagger.ts)`,
      );
    }
  }
}

/**
 * Components, keeping only those something references (the zod transform emits an input and an
 * output copy of each), and the list of tags the operations use, with their descriptions.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = zodTransformObject(input) as OpenApiDocument;
  const schemas = document.components?.schemas;
  if (schemas) {
    const used = referencedComponents(document);
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  document.tags = usedTags(document).map((name) =>
    TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
  );
  return document as ReturnType<SwaggerTransformObject>;
};

interface OpenApiDocument {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  components?: { schemas?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
}

function usedTags(document: OpenApiDocument): string[] {
  const tags = new Set<string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) for (const tag of operation.tags ?? []) tags.add(tag);
  }
  return [...tags];
}

/** Names of the schema components reachable from the paths (transitively, through the components themselves). */
function referencedComponents(document: OpenApiDocument) {
  const used = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length > 0) {
    const json = JSON.stringify(pending.pop()) ?? '';
    for (const [, name] of json.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        pending.push(document.components?.schemas?.[name]);
      }
    }
  }
  return used;
}

/** OpenAPI document generated from the same zod schemas the routes validate with. */
export async function registerSwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      // 3.1, whose schemas are JSON Schema: zod's `.nullable()` of a union becomes `anyOf [.., { type: 'null' }]`.
      // Under 3.0 it can only be `nullable: true` beside an `anyOf`, which 3.0 ignores without a `type`
      // (Redocly's nullable-type-sibling), so generated clients would not accept the null the API sends.
      // Swagger UI 5, swagger-parser, Redocly and openapi-typescript all read 3.1 (openapi.test.ts).
      openapi: '3.1.0',
      info: {
        title: 'Kıyasla API',
        description:
          'Fiyat karşılaştırma ve fiyat takip API’si. Her yanıt `{ success, message?, data?, pagination? }` zarfındadır; hatalar `{ success: false, message, code, errors? }` biçimindedir.',
        version: '0.1.0',
      },
      // Paths carry their /api prefix, so the server is the origin the document is served from.
      servers: [{ url: '/', description: 'Bu sunucu' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });
  // The admin setting api.enableApiDocs: off, the UI and the document are a plain 404, at once.
  // While the settings cannot be read (the database away), the default.
  app.addHook('onRequest', async (request, reply) => {
    if (!isDocsPath(request.url)) return;
    const enabled = await request.server.settings.group('api').then(
      (api) => api.enableApiDocs,
      () => DEFAULT_SETTINGS.api.enableApiDocs,
    );
    if (!enabled) return reply.status(404).send(notFoundBody());
  });
}

const DOCS_PREFIX = '/api/docs';

function isDocsPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);
}
