import type { CancellationRule, RatePlan } from '@hotelapi/connectors';
import { boardByCode } from '@hotelapi/domain';
import { hasMessage, type Translator } from '@hotelapi/i18n';

/** The translated words for a rate plan that every rate-shaped answer shows. */

export function boardLabel(t: Translator, boardCode: number): string {
  const board = boardByCode(boardCode);
  // A code outside our table still says something rather than nothing.
  return board ? t.t(board.messageKey) : String(boardCode);
}

export function cancellationPolicyText(t: Translator, rule: CancellationRule): string {
  if (rule.kind === 'NON_REFUNDABLE') return t.t('cancellation.NON_REFUNDABLE');
  if (rule.daysBefore === 0) return t.t('cancellation.FREE_UNTIL_ARRIVAL');
  if (rule.daysBefore === 1) return t.t('cancellation.FREE_UNTIL_DAY_BEFORE');
  // A string keeps the number as written: "2 days", never "2.0".
  return t.t('cancellation.FREE_UNTIL', { days: String(rule.daysBefore) });
}

export function extraLabels(t: Translator, ratePlan: RatePlan): string[] {
  return ratePlan.extras.map((code) => {
    const key = `extra.${code}`;
    return hasMessage(key) ? t.t(key) : code;
  });
}
