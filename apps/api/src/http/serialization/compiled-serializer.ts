import { serializerCompiler as zodSerializerCompiler } from '@fastify/type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Response bodies written by fast-json-stringify, compiled once per route and status from the JSON
 * Schema of the route's zod schema, instead of zod encoding every body at run time and
 * `JSON.stringify` writing it, which showed in every request's CPU profile.
 *
 * The bytes are the same: properties in the schema's order (zod's output order), only the
 * schema's properties (zod strips the rest), optional properties left out when undefined,
 * records in their own key order, numbers and strings written as `JSON.stringify` writes them.
 * What is given up is zod checking our own output on the way out; the inputs are still checked,
 * and the tests compare the bodies. A schema without a faithful JSON Schema (a transform, a
 * custom type) keeps zod's serializer.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  // Compiled on a route's first answer with that status, not at start-up: building every
  // serializer of every route and status up front slowed every start, and most
  // error statuses of most routes are never answered.
  jsonWriter(route.schema, () => zodSerializerCompiler(route));

type Write<T> = (value: T) => string;

/**
 * Values of `schema` as JSON, in the same compiled bytes as the routes' serializers (also for a
 * chain answer written hotel by hotel, outside a reply). Compiled on first use; a schema without
 * a faithful JSON Schema is written by `fallback` (zod's encoding unless given).
 */
export function jsonWriter<T>(
  schema: z.ZodType<unknown, T>,
  fallback: () => Write<T> = () => (value) => JSON.stringify(z.encode(schema, value)),
): Write<T> {
  let write: Write<T> | undefined;
  return (value) => {
    if (!write) {
      const jsonSchema = serializableJsonSchema(schema);
      write = jsonSchema === undefined ? fallback() : fastJson(jsonSchema);
    }
    return write(value);
  };
}

/**
 * The schema's structure only: converted against an empty registry, so no `$ref`s to named
 * components and no descriptions (a recursive schema keeps its one local `$ref`), and adapted to
 * how fast-json-stringify writes:
 * - no `required` lists: it writes required properties first, which would reorder an object whose
 *   optional properties come before required ones (`HotelRate.memberPrice` before `remaining`);
 *   without them every property is written in the schema's order, and left out when undefined,
 *   as `JSON.stringify` does;
 * - nullable branches folded into a type list, which it writes with a type check rather than by
 *   validating each branch of an `anyOf`.
 */
export function serializableJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  try {
    const converted = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw', metadata: z.registry(), cycles: 'ref' });
    return forFastJson(converted) as JsonSchema;
  } catch {
    return undefined;
  }
}

function forFastJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forFastJson);
  if (typeof node !== 'object' || node === null) return node;
  const folded = Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) => (key === 'required' && Array.isArray(value) ? [] : [[key, forFastJson(value)]])),
  ) as JsonSchema;
  const branches = folded.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(folded).length === 1) {
    const [value, other] = branches[1]?.type === 'null' ? branches : [branches[1], branches[0]];
    if (other?.type === 'null' && typeof value?.type === 'string' && Object.keys(other).length === 1) {
      return { ...value, type: [value.type, 'null'] };
    }
  }
  return folded;
}
