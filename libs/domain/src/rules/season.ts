import type { Season } from '../enums.js';

/** Meteorological seasons north of the equator, January first. */
const NORTHERN_SEASON_BY_MONTH: readonly Season[] = [
  'WINTER',
  'WINTER',
  'SPRING',
  'SPRING',
  'SPRING',
  'SUMMER',
  'SUMMER',
  'SUMMER',
  'AUTUMN',
  'AUTUMN',
  'AUTUMN',
  'WINTER',
];

const OPPOSITE_SEASON: Readonly<Record<Season, Season>> = {
  WINTER: 'SUMMER',
  SPRING: 'AUTUMN',
  SUMMER: 'WINTER',
  AUTUMN: 'SPRING',
};

const SOUTHERN_SEASON_BY_MONTH: readonly Season[] = NORTHERN_SEASON_BY_MONTH.map((season) => OPPOSITE_SEASON[season]);

const CHAR_CODE_ZERO = 48;

/**
 * The meteorological season on a `yyyy-MM-dd` date at a property: December to February is
 * winter in the north and summer in the south (latitude < 0). The equator, and -0, count as
 * north: the tropics have no seasons of their own to contradict us, and one fixed side keeps the
 * `season` filter stable for a property on the line.
 *
 * Called for every review when filtering, so it reads only the two month digits and builds no
 * Date; full validation of the date is the request schema's job.
 */
export function seasonOf(date: string, latitude: number): Season {
  const month = (date.charCodeAt(5) - CHAR_CODE_ZERO) * 10 + (date.charCodeAt(6) - CHAR_CODE_ZERO);
  if (date.length !== 10 || !(month >= 1 && month <= 12)) throw new RangeError(`Not a yyyy-MM-dd date: "${date}"`);
  return seasonInMonth(month, latitude);
}

/** The same rule for a month (1..12), for callers that already hold the month as a number. */
export function seasonInMonth(month: number, latitude: number): Season {
  const season = (latitude < 0 ? SOUTHERN_SEASON_BY_MONTH : NORTHERN_SEASON_BY_MONTH)[month - 1];
  if (season === undefined) throw new RangeError(`Not a month (1..12): ${month}`);
  return season;
}
