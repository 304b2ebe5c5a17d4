/**
 * Text as a search box compares it: "Estação", "ESTACAO" and "estacao" are one word. Decomposing
 * to NFD splits "ç" into "c" and a combining cedilla, which the second step drops; case goes last
 * so that letters whose lower case differs by locale are folded the same way everywhere.
 */
const COMBINING_MARKS = /\p{M}/gu;

/** `text` without accents and in lower case, for case- and accent-insensitive matching. */
export function searchableText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}
