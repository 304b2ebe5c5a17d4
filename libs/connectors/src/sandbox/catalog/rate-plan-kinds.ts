import type { RatePlanKind } from '@hotelapi/domain';
import type { Translations } from '../world/languages.js';

/** How the sandbox names a rate plan of each kind: its code prefix and its label. */
export interface RatePlanKindText {
  readonly code: string;
  readonly label: Translations;
}

export const RATE_PLAN_KIND_TEXTS: Readonly<Record<RatePlanKind, RatePlanKindText>> = {
  REFUNDABLE: {
    code: 'FLEX',
    label: { en: 'Flexible rate', es: 'Tarifa flexible', fr: 'Tarif flexible', de: 'Flexibler Tarif', it: 'Tariffa flessibile', pt: 'Tarifa flexível' },
  },
  NON_REFUNDABLE: {
    code: 'NREF',
    label: {
      en: 'Non-refundable rate',
      es: 'Tarifa no reembolsable',
      fr: 'Tarif non remboursable',
      de: 'Nicht erstattbarer Tarif',
      it: 'Tariffa non rimborsabile',
      pt: 'Tarifa não reembolsável',
    },
  },
  MEMBER: {
    code: 'MEMBER',
    label: { en: "Members' rate", es: 'Tarifa para socios', fr: 'Tarif membres', de: 'Mitgliedertarif', it: 'Tariffa soci', pt: 'Tarifa de membro' },
  },
  PARTNER: {
    code: 'PARTNER',
    label: { en: 'Partner rate', es: 'Tarifa de partner', fr: 'Tarif partenaire', de: 'Partnertarif', it: 'Tariffa partner', pt: 'Tarifa de parceiro' },
  },
};
