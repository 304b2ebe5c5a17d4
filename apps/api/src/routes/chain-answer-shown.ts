import type { Chain } from '@hotelapi/connectors';
import { SANDBOX_PHOTO_ORIGIN } from '@hotelapi/connectors';
import { searchableText, type AvailabilityMultiResponse, type Hotel, type SupportedLanguage } from '@hotelapi/domain';
import { pickText } from '@hotelapi/i18n';

/**
 * How a chain answer reaches one request: destinations named in the request's language, as the
 * chain's catalog translates them, and the sandbox's photos on the origin the request reached
 * (the sandbox data cannot know where the service runs). The services answer in the chain's own
 * destination names; this edge translates them out, and a translated name in a query back.
 */
export interface ShownAnswer {
  /**
   * The query's `destination` as the services know it: a name in any language becomes the chain's
   * own, so a widget that switched language mid-search still finds the destination it had picked.
   */
  destinationAsked(destination: string): string;
  /** The answer as this request is shown it; the same object when nothing changes (real photos, untranslated names). */
  shown(answer: AvailabilityMultiResponse): AvailabilityMultiResponse;
}

/** Few origins reach one service; a bound keeps arbitrary `Host` headers from piling copies up. */
const ORIGINS_KEPT_PER_ANSWER = 4;
const shownCopies = new WeakMap<AvailabilityMultiResponse, Map<string, AvailabilityMultiResponse>>();

export function shownAnswer(chain: Chain, language: SupportedLanguage, origin: string): ShownAnswer {
  const names = translatedDestinations(chain, language);
  const photoOrigin = URL.canParse(origin) ? new URL(origin).origin : undefined;
  return {
    destinationAsked(destination) {
      const asked = searchableText(destination);
      const own = Object.keys(chain.destinationNames ?? {});
      if (own.some((name) => searchableText(name) === asked)) return destination;
      const named = Object.entries(chain.destinationNames ?? {}).find(([, text]) => Object.values(text).some((name) => name && searchableText(name) === asked));
      return named ? named[0] : destination;
    },
    shown(answer) {
      const photosHere = photoOrigin !== undefined && answer.hotels.some(hasSandboxPhotos);
      if (!photosHere && names.size === 0) return answer;
      // Copies are kept with the answer they show, so requests sharing an answer share its copy (and its JSON).
      const key = photosHere ? photoOrigin : '';
      let copies = shownCopies.get(answer);
      const kept = copies?.get(key);
      if (kept) return kept;
      const copy = translatedAnswer(answer, names, photosHere ? photoOrigin : undefined);
      if (!copies) shownCopies.set(answer, (copies = new Map()));
      if (copies.size < ORIGINS_KEPT_PER_ANSWER) copies.set(key, copy);
      return copy;
    },
  };
}

/** The chain's own destination names that read differently in `language`, with their translation. */
function translatedDestinations(chain: Chain, language: SupportedLanguage): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const [own, text] of Object.entries(chain.destinationNames ?? {})) {
    const translated = pickText(text, language);
    if (translated && translated !== own) names.set(own, translated);
  }
  return names;
}

function hasSandboxPhotos(hotel: Hotel): boolean {
  return hotel.photo.startsWith(SANDBOX_PHOTO_ORIGIN);
}

function translatedAnswer(answer: AvailabilityMultiResponse, names: ReadonlyMap<string, string>, photoOrigin: string | undefined): AvailabilityMultiResponse {
  const named = (name: string) => names.get(name) ?? name;
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
