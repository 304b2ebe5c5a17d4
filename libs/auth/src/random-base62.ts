import { randomBytes } from 'node:crypto';

const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Largest multiple of 62 that fits in a byte (4 × 62). Bytes at or above it are thrown away:
 * `byte % 62` over the remaining 0..247 hits every character exactly four times, so each is
 * equally likely. Keeping 248..255 would make the first eight characters more likely than the
 * rest (modulo bias) and shave entropy off every key.
 */
const UNBIASED_BYTE_LIMIT = 248;

/**
 * A uniformly random string of base62 characters from the operating system's CSPRNG.
 * Rejection sampling discards about 3% of the bytes, so one draw with a little headroom
 * almost always suffices; the loop only tops it up in the rare unlucky case.
 */
export function randomBase62(length: number): string {
  let result = '';
  while (result.length < length) {
    const missing = length - result.length;
    for (const byte of randomBytes(missing + Math.ceil(missing / 8) + 2)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      result += BASE62_ALPHABET[byte % 62];
      if (result.length === length) break;
    }
  }
  return result;
}
