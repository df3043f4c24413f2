import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod's JSON Schema of a response as fast-json-stringify reads it: `anyOf: [X, {type: 'null'}]`
 * (zod's `.nullable()`) becomes X with `nullable: true`, which fast-json-stringify writes without
 * trying each branch at run time. Everything else is zod's own output (objects closed with
 * `additionalProperties: false`, so a field outside the schema is never written).
 */
function forStringify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forStringify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((branch) => (branch as JsonSchema).type === 'null' && Object.keys(branch as JsonSchema).length === 1);
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && other.type !== 'null' && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _dropped, ...rest } = node;
      return forStringify({ ...rest, ...other, nullable: true });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = forStringify(value);
  // fast-json-stringify writes required properties before optional ones; zod (and so the answers so
  // far) in the schema's order. Where the two orders differ, the object is written without its
  // `required` list: every property in the schema's order, each when present.
  if (out.properties && typeof out.properties === 'object' && Array.isArray(out.required)) {
    const required = new Set(out.required as string[]);
    const keys = Object.keys(out.properties);
    const firstOptional = keys.findIndex((key) => !required.has(key));
    if (firstOptional >= 0 && keys.slice(firstOptional).some((key) => required.has(key))) delete out.required;
  }
  return out;
}

/** The JSON Schema of a zod response schema as written (output side), ready for fast-json-stringify. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
  delete json.$schema;
  return forStringify(json) as JsonSchema;
}

/** Compiles one response schema into a function that writes its JSON. */
export function compileResponseStringify(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(responseJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]);
}

/**
 * Responses written from their schemas by fast-json-stringify, compiled once per route and status,
 * instead of fastify-type-provider-zod's serializer (zod parses every answer, then JSON.stringify
 * writes it): the same text, a fraction of the work on every answer. The handlers' answers are typed
 * by the same schemas, so a wrong shape is a type error; a missing required field fails at run time
 * (fast-json-stringify throws, the error handler answers 500) in objects whose required fields all
 * come before their optional ones (see forStringify).
 *
 * `check` (the tests) also runs zod's serializer on every answer and fails the request when the two
 * texts differ or zod refuses the answer: the whole server suite is then a test that this writes
 * exactly what zod's serializer wrote.
 */
export function createSerializerCompiler({ check = false } = {}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    // Compiled on the route's first answer of that status, not at start (a hundred routes' schemas).
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => (compiled ??= compileResponseStringify(route.schema))(data);
    if (!check) return stringify;
    const reference = zodSerializerCompiler(route) as (data: unknown) => string;
    return (data: unknown) => {
      const expected = reference(data);
      const written = stringify(data);
      if (written !== expected) {
        throw new Error(`serializer mismatch on ${route.method} ${route.url}:\n  fast-json-stringify ${written}\n  zod ${expected}`);
      }
      return written;
    };
  };
}
