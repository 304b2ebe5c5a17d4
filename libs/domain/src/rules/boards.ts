/** Stable short code of a board, the same in every language and deployment. */
export type BoardShortCode = 'RO' | 'BB' | 'HB' | 'FB' | 'AI' | 'SC';

/** A board (meal plan) a rate can include. */
export interface Board {
  /** OpenTravel meal-plan code (MPT), the number availability sends as `board`. */
  readonly code: number;
  readonly shortCode: BoardShortCode;
  /** Key of the translated label in the i18n catalogs; always `board.<shortCode>`. */
  readonly messageKey: `board.${BoardShortCode}`;
}

function board(code: number, shortCode: BoardShortCode): Board {
  return Object.freeze({ code, shortCode, messageKey: `board.${shortCode}` });
}

/** Every board the API knows, from least to most included, self catering last. */
export const BOARDS: readonly Board[] = Object.freeze([
  board(14, 'RO'), // room only
  board(3, 'BB'), // bed and breakfast
  board(12, 'HB'), // half board
  board(10, 'FB'), // full board
  board(1, 'AI'), // all inclusive
  board(15, 'SC'), // self catering
]);

const BOARD_BY_CODE: ReadonlyMap<number, Board> = new Map(BOARDS.map((entry) => [entry.code, entry]));

/** The board with this OpenTravel meal-plan code; undefined for a code outside the table. */
export function boardByCode(code: number): Board | undefined {
  return BOARD_BY_CODE.get(code);
}

/** True when the OpenTravel meal-plan code is one of ours, e.g. to validate a `boards` filter. */
export function isKnownBoardCode(code: number): boolean {
  return BOARD_BY_CODE.has(code);
}
