import type { FacilityScore } from '../../ports/reviews-source.js';
import { startOfDay, type EpochDay } from '../../pricing/calendar.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { SANDBOX_FIXTURES } from '../fixtures.js';
import { Random } from '../random.js';
import type { Translations } from '../world/languages.js';
import { expectedScoreOf } from './reputation.js';
import type { ReviewSite } from './review-sites.js';

/** Facilities review sites score, named in every language the API translates into. */
const FACILITIES: readonly Translations[] = [
  { en: 'Wi-Fi', es: 'Wifi', fr: 'Wi-Fi', de: 'WLAN', it: 'Wi-Fi', pt: 'Wi-Fi' },
  { en: 'Breakfast', es: 'Desayuno', fr: 'Petit-déjeuner', de: 'Frühstück', it: 'Colazione', pt: 'Pequeno-almoço' },
  { en: 'Swimming pool', es: 'Piscina', fr: 'Piscine', de: 'Schwimmbad', it: 'Piscina', pt: 'Piscina' },
  { en: 'Parking', es: 'Aparcamiento', fr: 'Parking', de: 'Parkplatz', it: 'Parcheggio', pt: 'Estacionamento' },
  { en: 'Gym', es: 'Gimnasio', fr: 'Salle de sport', de: 'Fitnessraum', it: 'Palestra', pt: 'Ginásio' },
  { en: 'Restaurant', es: 'Restaurante', fr: 'Restaurant', de: 'Restaurant', it: 'Ristorante', pt: 'Restaurante' },
  { en: 'Bar', es: 'Bar', fr: 'Bar', de: 'Bar', it: 'Bar', pt: 'Bar' },
  { en: 'Spa', es: 'Spa', fr: 'Spa', de: 'Spa', it: 'Spa', pt: 'Spa' },
];
/** Facility scores were refreshed at some point in the 60 days before the last review. */
const REFRESH_WINDOW_MINUTES = 60 * 24 * 60;
const MS_PER_MINUTE = 60_000;

const withoutFacilities = new Set(SANDBOX_FIXTURES.withoutFacilities);

/**
 * Three to five facility scores (10-point scale) from each site that reviewed the property, near
 * its expected score. Null for the fixtures without facility data and for unreviewed properties.
 */
export function facilityScoresOf(sandbox: SandboxProperty, sites: readonly ReviewSite[], lastReviewDay: EpochDay): FacilityScore[] | null {
  const { code } = sandbox.property;
  if (withoutFacilities.has(code) || sites.length === 0) return null;
  const random = new Random(`facilities:${code}`);
  const expectedScore = expectedScoreOf(sandbox);
  const lastReview = startOfDay(lastReviewDay).getTime();
  return sites.flatMap((site) =>
    random.sample(FACILITIES, random.int(3, 5)).map((facility) => ({
      channel: site.channel,
      facility,
      score: Math.round(Math.min(10, Math.max(1, random.normal(expectedScore, 0.8))) * 10) / 10,
      timestamp: new Date(lastReview - random.int(0, REFRESH_WINDOW_MINUTES) * MS_PER_MINUTE).toISOString(),
    })),
  );
}
