import type { Translations } from '../world/languages.js';

/** A meal plan as the sandbox sells it. Its label goes into rate-plan names, as an upstream would write it. */
export interface BoardOffer {
  /** OpenTravel meal-plan code; the domain's board table maps it to the API's labels. */
  readonly code: number;
  readonly label: Translations;
  /** Supplement per guest (a child counts half) per night, in euros before the destination's price level. */
  readonly supplementPerGuestEur: number;
  /** How often rate plans carry it, relative to the others. */
  readonly weight: number;
}

export const BOARD_OFFERS: readonly BoardOffer[] = [
  {
    code: 14,
    label: { en: 'Room only', es: 'Solo alojamiento', fr: 'Chambre seule', de: 'Nur Übernachtung', it: 'Solo pernottamento', pt: 'Só alojamento' },
    supplementPerGuestEur: 0,
    weight: 5,
  },
  {
    code: 3,
    label: {
      en: 'Bed and breakfast',
      es: 'Alojamiento y desayuno',
      fr: 'Chambre et petit-déjeuner',
      de: 'Übernachtung mit Frühstück',
      it: 'Pernottamento e colazione',
      pt: 'Alojamento e pequeno-almoço',
    },
    supplementPerGuestEur: 14,
    weight: 6,
  },
  {
    code: 12,
    label: { en: 'Half board', es: 'Media pensión', fr: 'Demi-pension', de: 'Halbpension', it: 'Mezza pensione', pt: 'Meia pensão' },
    supplementPerGuestEur: 32,
    weight: 2,
  },
  {
    code: 10,
    label: { en: 'Full board', es: 'Pensión completa', fr: 'Pension complète', de: 'Vollpension', it: 'Pensione completa', pt: 'Pensão completa' },
    supplementPerGuestEur: 48,
    weight: 1,
  },
  {
    code: 1,
    label: { en: 'All inclusive', es: 'Todo incluido', fr: 'Tout compris', de: 'All inclusive', it: 'All inclusive', pt: 'Tudo incluído' },
    supplementPerGuestEur: 75,
    weight: 1,
  },
  {
    code: 15,
    label: {
      en: 'Self catering',
      es: 'Con cocina, sin comidas',
      fr: 'Gestion libre',
      de: 'Selbstverpflegung',
      it: 'Con angolo cottura',
      pt: 'Com cozinha, sem refeições',
    },
    supplementPerGuestEur: 0,
    weight: 1,
  },
];
