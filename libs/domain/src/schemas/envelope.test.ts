import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, ErrorEnvelope, ResponseMetadata } from './envelope.js';
import type { ErrorBody } from './errors.js';

const metadata = { apiVersion: '1.0.0', requestId: 'req_1' };
const error: ErrorBody = {
  type: 'not_found_error',
  code: 'property_not_found',
  message: 'No property has the code NOPE001',
  requestId: 'req_1',
};

describe('ErrorEnvelope', () => {
  it('carries a null data and the error', () => {
    const failure = { data: null, summary: {}, metadata, error };
    expect(z.encode(ErrorEnvelope, failure)).toEqual(failure);
  });

  it('refuses an error envelope without an error', () => {
    expect(ErrorEnvelope.safeParse({ data: null, summary: {}, metadata, error: null }).success).toBe(false);
  });
});

describe('envelope', () => {
  const Greeting = envelope({ data: z.object({ text: z.string() }), metadata: ResponseMetadata });

  it('wraps data with an open summary when the resource has none', () => {
    const success = { data: { text: 'olá' }, summary: { anything: [1, 2] }, metadata, error: null };
    expect(Greeting.parse(success)).toEqual(success);
  });

  it('lets the typed summary and metadata through untouched', () => {
    const Counted = envelope({
      data: z.array(z.string()),
      summary: z.object({ count: z.int() }),
      metadata: ResponseMetadata.extend({ page: z.int() }),
    });
    const miscounted = { data: ['a'], summary: { count: 'one' }, metadata: { ...metadata, page: 1 }, error: null };
    expect(Counted.safeParse(miscounted).error?.issues[0]?.path).toEqual(['summary', 'count']);
  });
});
