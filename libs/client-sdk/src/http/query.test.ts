import { describe, expect, it } from 'vitest';
import { pathSegment, toSearchParams } from './query.js';

describe('toSearchParams', () => {
  it('writes numbers, booleans and strings as the API reads them, and leaves absent values out', () => {
    const search = toSearchParams({ checkIn: '2026-12-10', adults: 3, verbose: true, asc: false, channel: undefined, rateId: null });
    expect(search.toString()).toBe('checkIn=2026-12-10&adults=3&verbose=true&asc=false');
  });

  it('repeats list parameters', () => {
    expect(toSearchParams({ rating: [4, 5], boards: [3] }).toString()).toBe('rating=4&rating=5&boards=3');
  });

  it('joins the lists the API reads comma-separated', () => {
    const search = toSearchParams({ reviewerLanguages: ['en', 'fr'], rating: [4, 5] }, { commaSeparated: ['reviewerLanguages'] });
    expect(search.toString()).toBe('reviewerLanguages=en%2Cfr&rating=4&rating=5');
    expect(search.get('reviewerLanguages')).toBe('en,fr');
  });

  it('leaves an empty list out rather than sending an empty value', () => {
    expect(toSearchParams({ rating: [], reviewerLanguages: [] }, { commaSeparated: ['reviewerLanguages'] }).toString()).toBe('');
  });

  it('escapes what a URL cannot carry', () => {
    expect(toSearchParams({ propertyName: 'Riverside & Spa' }).toString()).toBe('propertyName=Riverside+%26+Spa');
  });
});

describe('pathSegment', () => {
  it('keeps a code one path segment', () => {
    expect(pathSegment('ACME001')).toBe('ACME001');
    expect(pathSegment('../admin')).toBe('..%2Fadmin');
  });

  it('refuses an empty code', () => {
    expect(() => pathSegment('')).toThrow(TypeError);
  });
});
