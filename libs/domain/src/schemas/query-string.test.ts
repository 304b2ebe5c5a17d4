import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LanguageCode } from './common.js';
import { StarRating } from './property.js';
import { IntegerText, QueryBoolean, QueryInteger, QueryList, QueryNumber } from './query-string.js';

const Nights = z.int().min(1, 'must be at least 1').max(30, 'must be at most 30');

describe('QueryInteger', () => {
  const nights = QueryInteger(Nights);

  it('reads decimal digits from a URL and numbers from in-process callers', () => {
    expect(nights.parse('7')).toBe(7);
    expect(nights.parse(7)).toBe(7);
  });

  it.each(['', 'abc', '1.5', ' 7', '0x10', '1e1', '7 nights', true, null])('refuses %j as no whole number', (value) => {
    expect(nights.safeParse(value).error?.issues).toEqual([expect.objectContaining({ message: 'must be a whole number' })]);
  });

  it('applies the value’s bounds and messages to text and numbers alike', () => {
    expect(nights.safeParse('31').error?.issues[0]?.message).toBe('must be at most 30');
    expect(nights.safeParse(31).error?.issues[0]?.message).toBe('must be at most 30');
    expect(nights.safeParse('0').error?.issues[0]?.message).toBe('must be at least 1');
    expect(nights.safeParse('-3').error?.issues[0]?.message).toBe('must be at least 1');
  });

  it('documents the bounds for URL callers', () => {
    expect(z.toJSONSchema(nights, { io: 'input' })).toMatchObject({
      anyOf: [{ type: 'integer', minimum: 1, maximum: 30 }, { type: 'string' }],
    });
  });
});

describe('QueryNumber', () => {
  const price = QueryNumber(z.number().nonnegative());

  it.each([
    ['120', 120],
    ['99.5', 99.5],
    [99.5, 99.5],
  ])('reads %j as %d', (value, expected) => {
    expect(price.parse(value)).toBe(expected);
  });

  it.each(['', '1e2', ',5', '.5', '12,5', 'NaN', 'Infinity'])('refuses %j', (value) => {
    expect(price.safeParse(value).error?.issues[0]?.message).toBe('must be a decimal number');
  });

  it('applies the value’s bounds', () => {
    expect(price.safeParse('-1').success).toBe(false);
  });
});

describe('QueryBoolean', () => {
  it.each([
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
  ])('reads %j as %s', (value, expected) => {
    expect(QueryBoolean.parse(value)).toBe(expected);
  });

  it.each(['yes', 'no', '1', '0', 'TRUE', 'False', '', 1])('refuses %j', (value) => {
    expect(QueryBoolean.safeParse(value).error?.issues[0]?.message).toBe('must be true or false');
  });

  it('encodes back to the words a URL carries', () => {
    expect(z.encode(QueryBoolean, true)).toBe('true');
    expect(z.encode(QueryBoolean, false)).toBe('false');
  });
});

describe('QueryList', () => {
  const languages = QueryList(LanguageCode);
  const ratings = QueryList(IntegerText(StarRating));

  it('reads a comma-separated value', () => {
    expect(languages.parse('en,fr')).toEqual(['en', 'fr']);
  });

  it('reads a repeated parameter, and repeated comma-separated values', () => {
    expect(languages.parse(['en', 'fr'])).toEqual(['en', 'fr']);
    expect(languages.parse(['en,fr', 'de'])).toEqual(['en', 'fr', 'de']);
  });

  it('keeps each value once, compared after the item normalised it, in order of first appearance', () => {
    expect(languages.parse(['fr,EN', 'en', 'fr'])).toEqual(['fr', 'en']);
    expect(ratings.parse(['5', '4,5', '04'])).toEqual([5, 4]);
  });

  it.each(['en,,fr', ',en', 'en,', '', ','])('refuses empty items in %j', (value) => {
    expect(languages.safeParse(value).error?.issues[0]?.message).toBe('must be a comma-separated list without empty items');
  });

  it('refuses an empty repeated value', () => {
    expect(languages.safeParse(['en', '']).error?.issues[0]).toMatchObject({ path: [1] });
  });

  it('reports a bad item at its position in the combined list', () => {
    expect(ratings.safeParse(['4', '5,6']).error?.issues).toEqual([
      expect.objectContaining({ path: [2], message: 'must be a star rating from 1 to 5' }),
    ]);
    expect(languages.safeParse('en,english').error?.issues[0]?.path).toEqual([1]);
  });

  it('encodes back to one comma-separated value', () => {
    expect(z.encode(ratings, [4, 5])).toBe('4,5');
  });
});
