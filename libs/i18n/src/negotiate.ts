import { DEFAULT_LANGUAGE, SupportedLanguage } from '@hotelapi/domain';
import Negotiator from 'negotiator';
import { declareCache } from '@hotelapi/caches';

const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set(SupportedLanguage.options);

/**
 * What we offer the negotiator, English first: on a tie (a bare `*`, or equal q-values)
 * negotiator keeps the order of the offer, and the product says `*` means English.
 */
const OFFERED_LANGUAGES: readonly SupportedLanguage[] = [
  DEFAULT_LANGUAGE,
  ...SupportedLanguage.options.filter((language) => language !== DEFAULT_LANGUAGE),
];

/**
 * Browsers send well under 200 characters. Parsing cost grows with length (a header of commas
 * holds the event loop), so a longer header is cut, at a list separator so no entry is half-read.
 */
const MAX_HEADER_LENGTH = 1024;

/** Negotiation runs on every request; a handful of distinct header values cover most traffic. */
const negotiatedByHeader = declareCache({
  name: 'negotiated-languages',
  key: 'an Accept-Language header, cut at 1,024 characters',
  max: 500,
  invalidation: 'none needed: negotiation depends only on the header',
}).create<string, SupportedLanguage>();

/** Whether `value` is one of the languages the API translates into (exact, lower-case code). */
export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && SUPPORTED_LANGUAGES.has(value);
}

/**
 * The language to answer in.
 *
 * `preferred` is an explicit choice (the availability endpoint's `lang` parameter, the MCP `lang`
 * argument) and wins over the header when we support its base language (`pt-BR` -> `pt`);
 * otherwise it is ignored and the header decides. The `Accept-Language` header is read with its
 * q-values (`q=0` is "not acceptable"), `*` (any: English) and region fallback (`de-CH` -> `de`).
 * Anything unsupported, absent or malformed gives English. Never throws.
 */
export function negotiateLanguage(acceptLanguage: string | undefined, preferred?: string): SupportedLanguage {
  const chosen = preferred === undefined ? undefined : supportedBaseLanguage(preferred);
  if (chosen) return chosen;
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  return negotiatedByHeader.getOrCreate(boundedHeader(acceptLanguage), negotiateHeader);
}

/**
 * Region fallback for a single tag: `pt-BR`, `PT_br` and `pt` all mean `pt`. Underscores are
 * accepted because query parameters often carry POSIX-style locales.
 */
function supportedBaseLanguage(tag: string): SupportedLanguage | undefined {
  const base = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase();
  return isSupportedLanguage(base) ? base : undefined;
}

function boundedHeader(header: string): string {
  if (header.length <= MAX_HEADER_LENGTH) return header;
  const lastSeparator = header.lastIndexOf(',', MAX_HEADER_LENGTH);
  return lastSeparator > 0 ? header.slice(0, lastSeparator) : '';
}

/**
 * negotiator already matches a regional range against a base language we offer (`pt-BR` gives
 * `pt`, at the range's q-value), so no fallback of our own is needed here; the tests pin that.
 * An entry with an unreadable q-value (`de;q=abc`) counts as not acceptable.
 */
function negotiateHeader(header: string): SupportedLanguage {
  try {
    const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(OFFERED_LANGUAGES);
    return isSupportedLanguage(best) ? best : DEFAULT_LANGUAGE;
  } catch {
    // The header is client input and the contract is "never throw": whatever a parser release
    // might reject, the answer for an unreadable header is English.
    return DEFAULT_LANGUAGE;
  }
}
