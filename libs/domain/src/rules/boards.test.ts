import { describe, expect, it } from 'vitest';
import { BOARDS, boardByCode, isKnownBoardCode } from './boards.js';

describe('BOARDS', () => {
  it('maps the OpenTravel meal-plan codes to stable short codes', () => {
    expect(BOARDS.map(({ code, shortCode }) => [code, shortCode])).toEqual([
      [14, 'RO'],
      [3, 'BB'],
      [12, 'HB'],
      [10, 'FB'],
      [1, 'AI'],
      [15, 'SC'],
    ]);
  });

  it('names exactly the i18n keys the catalogs translate', () => {
    expect(BOARDS.map((entry) => entry.messageKey)).toEqual(['board.RO', 'board.BB', 'board.HB', 'board.FB', 'board.AI', 'board.SC']);
  });

  it('has one entry per code and per short code', () => {
    expect(new Set(BOARDS.map((entry) => entry.code)).size).toBe(BOARDS.length);
    expect(new Set(BOARDS.map((entry) => entry.shortCode)).size).toBe(BOARDS.length);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(BOARDS)).toBe(true);
    expect(BOARDS.every((entry) => Object.isFrozen(entry))).toBe(true);
  });
});

describe('boardByCode', () => {
  it('finds a board by its meal-plan code', () => {
    expect(boardByCode(3)).toEqual({ code: 3, shortCode: 'BB', messageKey: 'board.BB' });
    expect(boardByCode(14)?.shortCode).toBe('RO');
    expect(boardByCode(1)?.shortCode).toBe('AI');
  });

  it('is undefined for codes outside the table', () => {
    expect(boardByCode(0)).toBeUndefined();
    expect(boardByCode(2)).toBeUndefined();
    expect(boardByCode(-14)).toBeUndefined();
    expect(boardByCode(Number.NaN)).toBeUndefined();
  });
});

describe('isKnownBoardCode', () => {
  it('tells known codes from unknown ones', () => {
    expect([1, 3, 10, 12, 14, 15].every(isKnownBoardCode)).toBe(true);
    expect([0, 2, 11, 13, 16, 3.5].some(isKnownBoardCode)).toBe(false);
  });
});
