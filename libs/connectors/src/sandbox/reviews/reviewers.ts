import type { ReviewerCategory } from '@hotelapi/domain';

/** Who writes reviews in one language: where they come from and what they are called. */
export interface ReviewerLanguage {
  readonly language: string;
  /** Share of a property's reviews, before the local language's boost. */
  readonly weight: number;
  /** ISO 3166-1 alpha-2 codes of the countries its reviewers come from. */
  readonly countries: readonly string[];
  readonly firstNames: readonly string[];
}

export const REVIEWER_LANGUAGES: readonly ReviewerLanguage[] = [
  {
    language: 'en',
    weight: 30,
    countries: ['GB', 'US', 'AU', 'IE', 'CA', 'NZ', 'ZA'],
    firstNames: ['Emma', 'Oliver', 'Sophie', 'James', 'Grace', 'Liam', 'Chloe', 'Noah'],
  },
  {
    language: 'es',
    weight: 10,
    countries: ['ES', 'MX', 'AR', 'CO'],
    firstNames: ['Lucía', 'Javier', 'Carmen', 'Diego', 'Marta', 'Pablo'],
  },
  {
    language: 'fr',
    weight: 10,
    countries: ['FR', 'BE', 'CH', 'CA'],
    firstNames: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Julien'],
  },
  {
    language: 'de',
    weight: 10,
    countries: ['DE', 'AT', 'CH'],
    firstNames: ['Lena', 'Jonas', 'Anna', 'Felix', 'Marie', 'Lukas'],
  },
  {
    language: 'it',
    weight: 7,
    countries: ['IT', 'CH'],
    firstNames: ['Giulia', 'Marco', 'Chiara', 'Luca', 'Sofia', 'Matteo'],
  },
  {
    language: 'pt',
    weight: 7,
    countries: ['PT', 'BR'],
    firstNames: ['Beatriz', 'João', 'Inês', 'Miguel', 'Ana', 'Tiago'],
  },
  {
    language: 'nl',
    weight: 6,
    countries: ['NL', 'BE'],
    firstNames: ['Sanne', 'Daan', 'Fleur', 'Bram', 'Lotte', 'Joris'],
  },
  {
    language: 'ja',
    weight: 4,
    countries: ['JP'],
    firstNames: ['Yuki', 'Haruto', 'Sakura', 'Ren', 'Aoi', 'Sota'],
  },
];

/** Extra weight of the destination's own language: locals and neighbours review too. */
export const LOCAL_LANGUAGE_BOOST = 25;

/** Reviewers shown by first name and surname initial, as review sites do. */
export const SURNAME_INITIALS: readonly string[] = [...'ABCDEFGHJKLMNOPRSTVW'];

/** How often each kind of traveller writes. */
export const REVIEWER_CATEGORY_WEIGHTS: readonly (readonly [ReviewerCategory, number])[] = [
  ['COUPLE', 35],
  ['FAMILY', 22],
  ['GROUP', 18],
  ['SOLO', 15],
  ['UNKNOWN', 10],
];
