import { ShopperQuery } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';
import { inputValidatorCompiler } from './input-validator.js';

type HttpPart = 'querystring' | 'params' | 'body' | 'headers';
type Result = { value?: unknown; error?: unknown };

/** A validator for `part` of a route whose schema counts how often it really runs. */
function countingValidator(part: HttpPart, schema: z.ZodType = z.object({ adults: z.coerce.number().int().min(1), tags: z.array(z.string()).optional() })) {
  const runs = { count: 0 };
  const counted = schema.check(() => {
    runs.count += 1;
  });
  const validate = inputValidatorCompiler({ schema: counted, method: 'GET', url: '/test', httpPart: part }) as (data: unknown) => Result;
  return { validate, runs };
}

/** What the query-string parser gives a route: an object without a prototype. */
function parsed(entries: Record<string, string | string[]>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries);
}

describe('input validator', () => {
  it('keeps a query string\'s value from its second request, and gives it to every request that asks it again', () => {
    const { validate, runs } = countingValidator('querystring');
    const first = validate(parsed({ adults: '2' }));
    expect(first).toEqual({ value: { adults: 2 } });
    // Asked once: checked, not kept (a crowd of travellers asks most queries once).
    expect(Object.isFrozen(first.value)).toBe(false);
    const second = validate(parsed({ adults: '2' }));
    const third = validate(parsed({ adults: '2' }));
    expect(second).toEqual({ value: { adults: 2 } });
    expect(third.value).toBe(second.value);
    expect(runs.count).toBe(2);
  });

  it('checks each different query string, path and order of parameters apart', () => {
    const { validate, runs } = countingValidator('querystring', z.object({ a: z.string(), b: z.string() }));
    expect(validate(parsed({ a: '1', b: '2' })).value).toEqual({ a: '1', b: '2' });
    expect(validate(parsed({ a: '1', b: '3' })).value).toEqual({ a: '1', b: '3' });
    // `a=1&b=2` against `b=2&a=1`: another text, checked again (an extra check, never a wrong value).
    expect(validate(parsed({ b: '2', a: '1' })).value).toEqual({ a: '1', b: '2' });
    // A value holding what would be a separator in a URL is not mistaken for two parameters.
    expect(validate(parsed({ a: '1&b=2', b: '' })).value).toEqual({ a: '1&b=2', b: '' });
    expect(runs.count).toBe(4);
  });

  it('checks a failing query every time, with its own error', () => {
    const runs = { count: 0 };
    const schema = z.object({ adults: z.string() }).check((context) => {
      runs.count += 1;
      if (context.value.adults === '0') context.issues.push({ code: 'custom', message: 'no adults', input: context.value });
    });
    const validate = inputValidatorCompiler({ schema, method: 'GET', url: '/test', httpPart: 'querystring' }) as (data: unknown) => Result;
    const bad = parsed({ adults: '0' });
    expect(validate(bad).error).toBeDefined();
    expect(validate(parsed({ adults: '0' })).error).toBeDefined();
    expect(runs.count).toBe(2);
    expect(validate(parsed({ adults: '3' })).value).toEqual({ adults: '3' });
  });

  it('freezes what it keeps, arrays inside it too, so no request can change another one\'s query', () => {
    const { validate } = countingValidator('querystring');
    validate(parsed({ adults: '2', tags: ['sea', 'view'] }));
    const { value } = validate(parsed({ adults: '2', tags: ['sea', 'view'] })) as { value: { adults: number; tags: string[] } };
    expect(Object.isFrozen(value)).toBe(true);
    expect(() => value.tags.push('pool')).toThrow(TypeError);
    expect(validate(parsed({ adults: '2', tags: ['sea', 'view'] })).value).toEqual({ adults: 2, tags: ['sea', 'view'] });
  });

  it('keeps path parameters as it keeps query strings', () => {
    const { validate, runs } = countingValidator('params', z.object({ code: z.string().regex(/^[A-Z0-9]+$/) }));
    validate({ code: 'ACME001' });
    validate({ code: 'ACME001' });
    validate({ code: 'ACME001' });
    expect(runs.count).toBe(2);
  });

  it('checks bodies and headers every time, and very long query strings', () => {
    const body = countingValidator('body');
    body.validate({ adults: 2 });
    body.validate({ adults: 2 });
    expect(body.runs.count).toBe(2);
    const headers = countingValidator('headers', z.object({ accept: z.string() }));
    headers.validate({ accept: 'application/json' });
    headers.validate({ accept: 'application/json' });
    expect(headers.runs.count).toBe(2);
    const long = countingValidator('querystring', z.object({ adults: z.string(), note: z.string() }));
    long.validate(parsed({ adults: '2', note: 'x'.repeat(2_000) }));
    long.validate(parsed({ adults: '2', note: 'x'.repeat(2_000) }));
    expect(long.runs.count).toBe(2);
  });

  it('gives the same value as checking the query afresh (the shopper query, defaults applied)', () => {
    const validate = inputValidatorCompiler({ schema: ShopperQuery, method: 'GET', url: '/v1/shopper/:code', httpPart: 'querystring' }) as (data: unknown) => Result;
    const query = { checkIn: '2026-12-10', checkOut: '2026-12-13', currency: 'jpy' };
    validate(parsed(query));
    validate(parsed(query));
    expect(validate(parsed(query)).value).toEqual(ShopperQuery.parse(query));
  });
});

describe('input validator, through the API', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('answers a repeated shopper query as the first, and still refuses a bad one after a good one', async () => {
    const path = '/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-13&currency=jpy';
    const first = await api.get(path, SANDBOX_AUTH);
    const again = await api.get(path, SANDBOX_AUTH);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.data.currency).toBe('JPY');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bad = await api.get(`${path}&adults=0`, SANDBOX_AUTH);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'adults' });
    }
  });
});
