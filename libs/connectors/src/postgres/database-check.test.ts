import { describe, expect, it } from 'vitest';
import { describeDatabaseUrl, explainDatabaseError } from './database-check.js';

describe('explainDatabaseError', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, /^connection refused/],
    [{ code: '57P01' }, /^the server is shutting down$/],
    [{ code: '57P02' }, /^the server is shutting down$/],
    [{ code: '57P03' }, /^the server is starting up or shutting down$/],
    [{ code: '28P01' }, /^authentication failed/],
    [{ code: 'XX000' }, /^PostgreSQL error XX000$/],
    [{ message: 'first line\nsecond line' }, /^first line$/],
  ])('%o: %s', (error, expected) => {
    expect(explainDatabaseError(error)).toMatch(expected);
  });
});

describe('describeDatabaseUrl', () => {
  it('names user, host, port and database, never the password', () => {
    expect(describeDatabaseUrl('postgres://hotel:secret@db.internal/hotel')).toBe('hotel@db.internal:5432/hotel');
  });
});
