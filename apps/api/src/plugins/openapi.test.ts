import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI } from 'openapi-types';
import ts from 'typescript';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { registerSwagger } from './swagger';

/**
 * The document at /api/docs/json is what client generators and API tools read: it must be
 * valid for them, not only for the UI. Any route that breaks it fails here.
 */

type Document = OpenAPI.Document & Record<string, unknown>;

/** swagger-parser's verdict: undefined when valid, else its message. */
async function swaggerParserError(document: Document): Promise<string | undefined> {
  try {
    // validate() dereferences the object it is given.
    await SwaggerParser.validate(structuredClone(document));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Redocly's `recommended` ruleset: errors and warnings as `rule at pointer: message`. */
async function redoclyProblems(document: Document) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: path.join(tmpdir(), 'openapi.json'),
    config,
  });
  const describe = (p: (typeof problems)[number]) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;
  return {
    errors: problems.filter((p) => p.severity === 'error').map(describe),
    warnings: problems.filter((p) => p.severity === 'warn').map(describe),
  };
}

/** Generates the types openapi-typescript makes of the document and type-checks them with `usage` beside them. */
async function typeCheckGeneratedTypes(document: Document, usage: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kiyasla-openapi-'));
  try {
    const generated = astToString(await openapiTS(structuredClone(document) as never));
    await writeFile(path.join(dir, 'api.ts'), generated);
    await writeFile(path.join(dir, 'usage.ts'), usage);
    const program = ts.createProgram([path.join(dir, 'api.ts'), path.join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      noUnusedLocals: false,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    return { generated, diagnostics };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What /api/docs/json serves (@fastify/swagger-ui answers it with `app.swagger()`), taken directly
 * so a failure to build it shows its own message rather than the masked 500 of the error handler.
 */
function documentOf(app: FastifyInstance): Document {
  return JSON.parse(JSON.stringify(app.swagger())) as Document;
}

describe('the OpenAPI document of the API', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp();
    document = documentOf(t.app);
  });
  afterAll(() => t?.close());

  it('is valid for swagger-parser', async () => {
    expect(await swaggerParserError(document)).toBeUndefined();
  });

  it("has no error under Redocly's recommended rules", async () => {
    const { errors, warnings } = await redoclyProblems(document);
    if (warnings.length > 0) console.info(`Redocly uyarıları (${warnings.length}):\n${warnings.join('\n')}`);
    expect(errors).toEqual([]);
  });

  it('declares the bearer scheme its operations use, and public operations as public', () => {
    const security = (document as { components?: { securitySchemes?: Record<string, unknown> } }).components
      ?.securitySchemes;
    expect(security?.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const operations = document.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(operations['/api/favorites']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(operations['/api/products/{id}']?.get?.security).toEqual([]);
    // The comparison works for visitors and adds pros/cons for a signed-in premium caller.
    expect(operations['/api/comparisons/compare']?.post?.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('generates TypeScript types (openapi-typescript) that type-check', async () => {
    const usage = `
      import type { components, operations, paths } from './api';
      type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

      export const health: Json<paths['/api/health']['get']['responses'][200]> = {
        success: true,
        data: { status: 'ok', database: 'ok' },
      };
      // The recursive category tree is one named component whose children are the component again.
      type Node = components['schemas']['CategoryNode'];
      export const childIsNode: Node['children'][number] extends Node ? true : false = true;
      export const tree: Json<paths['/api/categories/tree']['get']['responses'][200]>['data'] extends Node[] ? true : false = true;
      // Nullable fields accept null.
      export const noDescription: Node['description'] = null;
      export const productId: operations['getProductsById']['parameters']['path']['id'] = 'a';
    `;
    const { generated, diagnostics } = await typeCheckGeneratedTypes(document, usage);
    expect(generated).toContain('"/api/products/{id}"');
    expect(diagnostics).toEqual([]);
  }, 60_000);
});

/** An app holding only `routes` under /api, ready. */
async function appWith(routes: (api: FastifyInstance) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSwagger(app);
  await app.register(async (api) => routes(api), { prefix: '/api' });
  await app.ready();
  return app;
}

/** The document of an app holding only `routes` under /api. */
async function documentWith(routes: (api: FastifyInstance) => void) {
  const app = await appWith(routes);
  try {
    return documentOf(app);
  } finally {
    await app.close();
  }
}

describe('the document checks', () => {
  it('fail a route whose path parameter is not declared, or declared under another name', async () => {
    const document = await documentWith((api) => {
      api.get('/things/:thingId', { schema: { summary: 'Bozuk örnek' } }, async () => ({}));
      api.get('/parts/:partId', { schema: { params: z.object({ id: z.string() }) } }, async () => ({}));
    });
    // swagger-parser checks an OpenAPI 3 document against the schema only; Redocly reads the operations.
    const { errors } = await redoclyProblems(document);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^path-parameters-defined .*does not define the path parameter `{thingId}`/),
        expect.stringMatching(/^operation-summary at #\/paths\/~1api~1parts~1{partId}/),
        expect.stringMatching(/^path-parameters-defined .*`id` is not used/),
        expect.stringMatching(/^path-parameters-defined .*does not define the path parameter `{partId}`/),
      ]),
    );
  });

  it('fail a route answering with a recursive schema that is not a registered component', async () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const nodeSchema: z.ZodType<Node> = z.object({ name: z.string(), children: z.lazy(() => z.array(nodeSchema)) });
    const document = await documentWith((api) => {
      api.get('/nodes', { schema: { summary: 'Bozuk örnek', response: { 200: z.array(nodeSchema) } } }, async () => []);
    });

    expect(await swaggerParserError(document)).toMatch(/Missing \$ref pointer/);
    const { errors } = await redoclyProblems(document);
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^no-unresolved-refs /)]));
  });

  it('fail a route that names an undeclared security scheme, naming the route', async () => {
    const app = await appWith((api) => {
      api.get('/things', { schema: { summary: 'Bozuk örnek', security: [{ apiKey: [] }] } }, async () => ({}));
    });
    try {
      expect(() => app.swagger()).toThrow('GET /api/things: "apiKey" güvenlik şeması tanımlı değil');
    } finally {
      await app.close();
    }
  });
});
