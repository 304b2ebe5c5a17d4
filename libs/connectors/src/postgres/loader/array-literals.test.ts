import { describe, expect, it } from 'vitest';
import { numberArray, textArray } from './array-literals.js';

describe('array literals', () => {
  it('quotes every text, escapes quotes and backslashes, and writes null as NULL', () => {
    expect(textArray([])).toBe('{}');
    expect(textArray(['DBL', 'NULL'])).toBe('{"DBL","NULL"}');
    expect(textArray(['{"a":"b\\\\c"}', null])).toBe('{"{\\"a\\":\\"b\\\\\\\\c\\"}",NULL}');
  });

  it('writes numbers as JavaScript prints them, and null as NULL', () => {
    expect(numberArray([1, 0.1, 1e-7])).toBe('{1,0.1,1e-7}');
    expect(numberArray([3, null])).toBe('{3,NULL}');
  });
});
