import { describe, expect, it } from 'vitest';
import { HotelApiClient } from './client.js';
import { checkBaseUrl, MAX_TIMEOUT_MS } from './options.js';

describe('checkBaseUrl', () => {
  it('ends the base URL in a slash, keeping any path prefix', () => {
    expect(checkBaseUrl('https://api.example.com')).toBe('https://api.example.com/');
    expect(checkBaseUrl(new URL('https://api.example.com/hotel'))).toBe('https://api.example.com/hotel/');
  });

  it('refuses what is not an absolute http(s) URL', () => {
    expect(() => checkBaseUrl('api.example.com')).toThrow(TypeError);
    expect(() => checkBaseUrl('ftp://api.example.com')).toThrow(TypeError);
    expect(() => checkBaseUrl('https://api.example.com/?x=1')).toThrow(TypeError);
  });
});

describe('new HotelApiClient', () => {
  it('works with no options at all', () => {
    expect(new HotelApiClient()).toBeInstanceOf(HotelApiClient);
  });

  it.each([
    [{ timeoutMs: 0 }, RangeError],
    [{ timeoutMs: MAX_TIMEOUT_MS + 1 }, RangeError],
    [{ timeoutMs: Number.NaN }, RangeError],
    [{ maxRetries: -1 }, RangeError],
    [{ maxRetries: 1.5 }, RangeError],
    [{ apiKey: '' }, TypeError],
    [{ baseUrl: 'localhost:8443' }, TypeError],
  ])('refuses %j at once', (options, kind) => {
    expect(() => new HotelApiClient(options)).toThrow(kind);
  });
});
