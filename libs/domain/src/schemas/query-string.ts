/**
 * How typed values travel in a URL query string. Fastify hands every query value over as a string, or a
 * string[] when the parameter is repeated. These codecs decode that wire form into the typed value schema,
 * so its bounds and messages apply unchanged, and `z.encode` turns typed values back into something a URL
 * can carry. Codecs rather than `.transform()`s: a transform has no JSON Schema for its output side, and no
 * way back for `z.encode`.
 *
 * Like any transform they drop a `.default()` from the documented input: give them a `.prefault()` instead,
 * which is documented and then decoded like a value the caller sent.
 */

import { z } from 'zod';

/**
 * What each query parameter codec takes, as a client should see it: the typed value (an integer with
 * its bounds, a list of such items), not its wire text. The OpenAPI document describes a parameter
 * by this (apps/api's openapi plugin); validation never reads it. A generated client then sends
 * `rating: [4, 5]`, which the codec reads as it reads `rating=4,5`.
 */
const documentedTypes = new WeakMap<object, z.ZodType>();

/** The type a query parameter's codec is documented as, if it is one of the codecs below. */
export function documentedQueryType(schema: object): z.ZodType | undefined {
  return documentedTypes.get(schema);
}

/** Copies the value's description onto its wrapper, where the JSON Schema of a parameter looks for it. */
function describedLike<Wrapper extends z.ZodType>(wrapper: Wrapper, value: z.ZodType): Wrapper {
  return value.description === undefined ? wrapper : wrapper.describe(value.description);
}

function documentedAs<Wrapper extends z.ZodType>(wrapper: Wrapper, documented: z.ZodType): Wrapper {
  documentedTypes.set(wrapper, documented);
  return wrapper;
}

/**
 * A whole number written in decimal digits. Not `z.coerce.number()`: that reads `""` as 0, `" 7"` as 7 and
 * `"0x10"` as 16.
 */
export function IntegerText(value: z.ZodType<number, number>) {
  return z.codec(z.string().regex(z.regexes.integer), value, { decode: Number, encode: String });
}

/**
 * An integer query parameter: decimal digits from a URL, or the number itself from an in-process caller.
 * The documented input keeps the value's bounds (`minimum`, `maximum`).
 */
export function QueryInteger(value: z.ZodType<number, number>) {
  return documentedAs(describedLike(z.union([value, IntegerText(value)], { error: 'must be a whole number' }), value), value);
}

/** A decimal query parameter such as a price: `120` or `99.5`, not `1e2` or `,5`. */
export function QueryNumber(value: z.ZodType<number, number>) {
  const decimalText = z.codec(z.string().regex(z.regexes.number), value, { decode: Number, encode: String });
  return documentedAs(describedLike(z.union([value, decimalText], { error: 'must be a decimal number' }), value), value);
}

/** `true` or `false`, exactly; `yes`, `1` and `TRUE` are refused rather than guessed at. */
export const QueryBoolean = documentedAs(
  z.codec(z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' }), z.boolean(), {
    decode: (flag) => flag === true || flag === 'true',
    encode: (flag) => (flag ? 'true' : 'false'),
  }),
  z.boolean(),
);
export type QueryBoolean = z.infer<typeof QueryBoolean>;

/** One query value as it arrives; an empty item (`en,,fr`, a trailing comma, an empty value) is a mistake. */
const ListText = z.string().regex(/^[^,]+(?:,[^,]+)*$/, 'must be a comma-separated list without empty items');

/**
 * A list query parameter, written comma-separated (`en,fr`), repeated (`rating=4&rating=5`) or both.
 * Each item is validated by `item`, and reported at its position in the combined list; the output holds
 * each distinct value once, in order of first appearance.
 */
export function QueryList<Item extends z.ZodType<unknown, string>>(item: Item) {
  const list = describedLike(
    z.codec(
      z.union([ListText, z.array(ListText)]),
      z.array(item).overwrite((items) => [...new Set(items)]),
      {
        // `Item` reads strings (its bound says so), which TypeScript cannot carry through the generic.
        decode: (wire) => (Array.isArray(wire) ? wire : [wire]).flatMap((text) => text.split(',')) as z.input<Item>[],
        encode: (items) => items.join(','),
      },
    ),
    item,
  );
  // Documented by its output: each item as its codec reads it (an integer for `IntegerText`).
  return documentedAs(list, z.array(item));
}
