import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * A compiled serializer for the hottest public replies (listings, product pages, search).
 *
 * The app's serializer (fastify-type-provider-zod) checks every reply against its zod schema and
 * then runs JSON.stringify: on a cache miss of a listing that was about a tenth of the server's
 * time, for data the service built from rows the database has already typed. A route that opts
 * in with `serializerCompiler: compiledSerializerCompiler(mode)` has its 200 reply written by
 * fast-json-stringify instead, from the JSON Schema of the same zod schema: same keys, same
 * order, same bytes, no second walk of the data.
 *
 * Outside production (`verify`) every such reply also goes through the zod path, and a reply
 * whose bytes differ, or that fails the zod check, is an error: the whole test suite thereby
 * checks the compiled serializer against the contract on every listing, product and search it
 * asks for. Other status codes always take the zod path.
 */
export type SerializerMode = 'compiled' | 'verify';

/** Keywords that only validate; the serializer writes the value as it is (verify mode checks them). */
const VALIDATION_ONLY = [
  '$schema',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'const',
  'enum',
  'propertyNames',
  'description',
  // fast-json-stringify writes a default in place of a missing value; zod has already applied its own.
  'default',
  // fast-json-stringify moves required properties first; without the list it keeps zod's order.
  'required',
] as const;

type JsonSchema = { [key: string]: unknown };

const NAMED_SCHEMAS = ['properties', 'patternProperties', '$defs', 'definitions'];

const mapValues = (named: JsonSchema): JsonSchema =>
  Object.fromEntries(Object.entries(named).map(([name, schema]) => [name, serializationSchema(schema)]));

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The schema fast-json-stringify compiles: validation keywords dropped, and `anyOf` of branches
 * of different single types (zod's `.nullable()`) folded into one schema with a list of types,
 * which fast-json-stringify dispatches on `typeof` instead of running a validator per branch.
 */
export function serializationSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((VALIDATION_ONLY as readonly string[]).includes(key)) continue;
    // Under these the keys are names (a property may well be called "description"), not keywords.
    out[key] = NAMED_SCHEMAS.includes(key) && isObject(value) ? mapValues(value) : serializationSchema(value);
  }
  if (Array.isArray(out.anyOf)) {
    const folded = foldTypes(out.anyOf as JsonSchema[]);
    if (folded) {
      delete out.anyOf;
      Object.assign(out, folded);
    }
  }
  return out;
}

/** One schema for branches whose types differ and each name a single type; undefined otherwise. */
function foldTypes(branches: JsonSchema[]): JsonSchema | undefined {
  const types: string[] = [];
  const merged: JsonSchema = {};
  for (const branch of branches) {
    const type = branch.type;
    if (typeof type !== 'string' || types.includes(type)) return undefined;
    if (type === 'integer' && types.includes('number')) return undefined;
    if (type === 'number' && types.includes('integer')) return undefined;
    types.push(type);
    for (const [key, value] of Object.entries(branch)) if (key !== 'type') merged[key] = value;
  }
  // Keywords of different branches must not meet (an object's and an array's never do).
  const keys = branches.flatMap((b) => Object.keys(b).filter((k) => k !== 'type'));
  if (new Set(keys).size !== keys.length) return undefined;
  return { ...merged, type: types };
}

/** fast-json-stringify's writer for a zod schema's output (throws if zod cannot describe it). */
export function compileSerializer(schema: ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw' });
  return fastJson(serializationSchema(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Raised in verify mode when the two serializers disagree on a reply's bytes. */
export class CompiledSerializerMismatch extends Error {
  constructor(
    readonly url: string,
    readonly zodBytes: string,
    readonly compiledBytes: string,
  ) {
    let at = 0;
    while (at < zodBytes.length && zodBytes[at] === compiledBytes[at]) at++;
    const around = (bytes: string) => JSON.stringify(bytes.slice(Math.max(0, at - 60), at + 60));
    super(
      `compiled serializer of ${url} differs from the zod one at ${at}: ${around(zodBytes)} vs ${around(compiledBytes)}`,
    );
  }
}

/**
 * The route option: 200 replies compiled (and, in verify mode, checked against the zod path),
 * every other status through the zod serializer.
 */
export function compiledSerializerCompiler(mode: SerializerMode): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    if (String(route.httpStatus) !== '200') return viaZod;
    const compiled = compileSerializer(route.schema as ZodType);
    if (mode === 'compiled') return compiled;
    return (data) => {
      const expected = viaZod(data);
      const actual = compiled(data);
      if (actual !== expected) throw new CompiledSerializerMismatch(route.url, expected, actual);
      return actual;
    };
  };
}
