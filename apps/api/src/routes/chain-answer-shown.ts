import { SANDBOX_PHOTO_ORIGIN } from '@hotelapi/connectors';
import type { AvailabilityMultiResponse, Hotel, SupportedLanguage } from '@hotelapi/domain';
import { destinationName, englishDestinationName } from '@hotelapi/i18n';

/**
 * How a chain answer reaches one request: destinations named in the request's language
 * (@hotelapi/i18n's destination names; data sources store them in English), and the sandbox's
 * photos on the origin the request reached (the sandbox data cannot know where the service runs).
 * The services work with the stored names; this edge translates them out, and a query's back.
 */
export interface ShownAnswer {
  /** The answer as this request is shown it; the same object when nothing changes (English, real photos). */
  shown(answer: AvailabilityMultiResponse): AvailabilityMultiResponse;
}

/**
 * The query's `destination` as data sources store it: a name in any of the six languages becomes
 * the English one, so a widget that switched language mid-search still finds the destination it had picked.
 */
export function destinationAsked(destination: string): string {
  return englishDestinationName(destination) ?? destination;
}

/** Few origins reach one service; a bound keeps arbitrary `Host` headers from piling copies up. */
const ORIGINS_KEPT_PER_ANSWER = 4;
const shownCopies = new WeakMap<AvailabilityMultiResponse, Map<string, AvailabilityMultiResponse>>();

export function shownAnswer(language: SupportedLanguage, origin: string): ShownAnswer {
  const photoOrigin = URL.canParse(origin) ? new URL(origin).origin : undefined;
  return {
    shown(answer) {
      const photosHere = photoOrigin !== undefined && answer.hotels.some(hasSandboxPhotos);
      const named = (name: string) => destinationName(name, language);
      const renamed = Object.keys(answer.metadata.destinations).some((name) => named(name) !== name);
      if (!photosHere && !renamed) return answer;
      // Copies are kept with the answer they show (its language is the answer's own), so requests
      // sharing an answer share its copy, and its JSON.
      const key = photosHere ? photoOrigin : '';
      let copies = shownCopies.get(answer);
      const kept = copies?.get(key);
      if (kept) return kept;
      const copy = translatedAnswer(answer, named, photosHere ? photoOrigin : undefined);
      if (!copies) shownCopies.set(answer, (copies = new Map()));
      if (copies.size < ORIGINS_KEPT_PER_ANSWER) copies.set(key, copy);
      return copy;
    },
  };
}

function hasSandboxPhotos(hotel: Hotel): boolean {
  return hotel.photo.startsWith(SANDBOX_PHOTO_ORIGIN);
}

function translatedAnswer(answer: AvailabilityMultiResponse, named: (name: string) => string, photoOrigin: string | undefined): AvailabilityMultiResponse {
  const here = (url: string) => (photoOrigin !== undefined && url.startsWith(SANDBOX_PHOTO_ORIGIN) ? photoOrigin + url.slice(SANDBOX_PHOTO_ORIGIN.length) : url);
  const destinations: Record<string, number> = {};
  for (const [name, count] of Object.entries(answer.metadata.destinations)) destinations[named(name)] = (destinations[named(name)] ?? 0) + count;
  return {
    ...answer,
    hotels: answer.hotels.map((hotel) => ({
      ...hotel,
      photo: here(hotel.photo),
      photoM: here(hotel.photoM),
      photoL: here(hotel.photoL),
      location: { ...hotel.location, name: named(hotel.location.name) },
    })),
    metadata: { ...answer.metadata, destinations },
  };
}
