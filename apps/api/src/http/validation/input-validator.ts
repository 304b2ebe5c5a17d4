import { validatorCompiler as zodValidatorCompiler } from '@fastify/type-provider-zod';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { declareCache, SecondSight } from '@hotelapi/caches';
import type { z } from 'zod';

/** Distinct query strings (or path parameter sets) whose checked value a route keeps. */
const CHECKED_INPUTS = declareCache({
  name: 'checked-inputs',
  key: 'route part (query string or path parameters) and its parsed text, up to 1,024 characters; kept from its second sight (a doorkeeper remembers recent texts by hash)',
  max: 1_000,
  invalidation: 'none needed: a check is a pure function of the text; values are frozen, failed checks are not kept',
});
/** Longer ones are checked every time: they are rare, and would make the kept values large. */
const MAX_KEY_LENGTH = 1_024;

type Validate = (data: unknown) => { value?: unknown; error?: Error | FastifySchemaValidationError[] };

/**
 * zod's validator for each route's query string and path parameters, with the value it checked
 * kept by the parsed text, so that a query asked again is not checked again. Checking is a pure
 * function of that text (no schema default depends on the time or the caller; what does, such
 * as a check-in in the past, is checked by the services), and under load zod's check of a
 * query cost several times what it costs in a loop. Kept values are frozen, shared by every request
 * that asks the same thing; a query that fails its check is checked again each time (its error
 * names the request's own values). A value is kept only once its text is seen a second time
 * (`SecondSight`): most queries of a crowd of travellers are asked once, and keeping each would
 * cost every request the collection of entries that never serve. Bodies and headers are checked
 * every time.
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route) as Validate;
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const kept = CHECKED_INPUTS.create<string, { value: unknown }>();
  const seen = new SecondSight(CHECKED_INPUTS.declaration.max);
  return (data) => {
    // The parser's object as text: same keys, same order, same values means the same check.
    const text = JSON.stringify(data);
    if (text === undefined || text.length > MAX_KEY_LENGTH) return validate(data);
    const known = kept.get(text);
    if (known) return known;
    const checked = validate(data);
    if (checked.error !== undefined || !seen.askedBefore(text)) return checked;
    const accepted = { value: deepFreeze(checked.value) };
    kept.set(text, accepted);
    return accepted;
  };
};

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
