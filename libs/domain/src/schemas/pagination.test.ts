import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageQuery } from './pagination.js';

describe('PageQuery', () => {
  it('defaults to the first page of 10', () => {
    expect(PageQuery.parse({})).toEqual({ limit: 10, page: 1 });
  });

  it.each([
    ['1', 1],
    ['100', 100],
  ])('accepts limit=%s', (limit, expected) => {
    expect(PageQuery.parse({ limit }).limit).toBe(expected);
  });

  it.each([
    ['0', 'must be at least 1'],
    ['101', 'must be at most 100'],
    ['', 'must be a whole number'],
    ['1.5', 'must be a whole number'],
    ['abc', 'must be a whole number'],
  ])('refuses limit=%j rather than clamping it', (limit, message) => {
    expect(PageQuery.safeParse({ limit }).error?.issues).toEqual([expect.objectContaining({ path: ['limit'], message })]);
  });

  it('refuses page 0 and accepts any page from 1', () => {
    expect(PageQuery.safeParse({ page: '0' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['page'], message: 'must be at least 1' }),
    ]);
    expect(PageQuery.parse({ page: '9999' }).page).toBe(9999);
  });

  it('documents its defaults for URL callers', () => {
    expect(z.toJSONSchema(PageQuery, { io: 'input' })).toMatchObject({
      properties: { limit: { default: 10 }, page: { default: 1 } },
    });
  });
});
