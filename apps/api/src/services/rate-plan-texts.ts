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
  return rule.daysBefore === 0 ? t.t('cancellation.FREE_UNTIL_ARRIVAL') : t.t('cancellation.FREE_UNTIL', { days: rule.daysBefore });
}

export function extraLabels(t: Translator, ratePlan: RatePlan): string[] {
  return ratePlan.extras.map((code) => {
    const key = `extra.${code}`;
    return hasMessage(key) ? t.t(key) : code;
  });
}
