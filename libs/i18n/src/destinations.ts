import { searchableText, type SupportedLanguage } from '@hotelapi/domain';

type PlaceNames = Readonly<Partial<Record<Exclude<SupportedLanguage, 'en'>, string>>>;

/**
 * Destinations by their English name (as data sources store them), with the languages that name
 * them otherwise; a language left out uses the English name. Every city of the sandbox is here,
 * named as the sandbox's property names name it (checked by apps/api's chain-answer-shown.test.ts).
 */
const DESTINATION_NAMES: Readonly<Record<string, PlaceNames>> = {
  Lisbon: { es: 'Lisboa', fr: 'Lisbonne', de: 'Lissabon', it: 'Lisbona', pt: 'Lisboa' },
  Porto: { es: 'Oporto' },
  Barcelona: { fr: 'Barcelone' },
  London: { es: 'Londres', fr: 'Londres', it: 'Londra', pt: 'Londres' },
  Dublin: { es: 'Dublín', it: 'Dublino' },
  Paris: { es: 'París', it: 'Parigi' },
  Rome: { es: 'Roma', de: 'Rom', it: 'Roma', pt: 'Roma' },
  Berlin: { es: 'Berlín', it: 'Berlino', pt: 'Berlim' },
  Amsterdam: { es: 'Ámsterdam', pt: 'Amesterdão' },
  Zurich: { es: 'Zúrich', de: 'Zürich', it: 'Zurigo', pt: 'Zurique' },
  Vienna: { es: 'Viena', fr: 'Vienne', de: 'Wien', pt: 'Viena' },
  Prague: { es: 'Praga', de: 'Prag', it: 'Praga', pt: 'Praga' },
  Budapest: { pt: 'Budapeste' },
  Warsaw: { es: 'Varsovia', fr: 'Varsovie', de: 'Warschau', it: 'Varsavia', pt: 'Varsóvia' },
  Stockholm: { es: 'Estocolmo', it: 'Stoccolma', pt: 'Estocolmo' },
  Copenhagen: { es: 'Copenhague', fr: 'Copenhague', de: 'Kopenhagen', it: 'Copenaghen', pt: 'Copenhaga' },
  Istanbul: { es: 'Estambul', pt: 'Istambul' },
  Dubai: { es: 'Dubái', fr: 'Dubaï' },
  Mumbai: { es: 'Bombay' },
  Bangkok: { pt: 'Banguecoque' },
  Singapore: { es: 'Singapur', fr: 'Singapour', de: 'Singapur', pt: 'Singapura' },
  'Hong Kong': { de: 'Hongkong' },
  Shanghai: { es: 'Shanghái', de: 'Schanghai', pt: 'Xangai' },
  Seoul: { es: 'Seúl', fr: 'Séoul', it: 'Seul', pt: 'Seul' },
  Tokyo: { es: 'Tokio', de: 'Tokio', pt: 'Tóquio' },
  Sydney: { es: 'Sídney' },
  'Cape Town': { es: 'Ciudad del Cabo', fr: 'Le Cap', de: 'Kapstadt', it: 'Città del Capo', pt: 'Cidade do Cabo' },
  'Rio de Janeiro': { es: 'Río de Janeiro' },
  'New York': { es: 'Nueva York', pt: 'Nova Iorque' },
  'Mexico City': { es: 'Ciudad de México', fr: 'Mexico', de: 'Mexiko-Stadt', it: 'Città del Messico', pt: 'Cidade do México' },
};

/** `name` (English, as data sources store it) in `language`; a destination not listed keeps its name. */
export function destinationName(name: string, language: SupportedLanguage): string {
  return (language === 'en' ? undefined : DESTINATION_NAMES[name]?.[language]) ?? name;
}

/** The English name of a destination named in any of the six languages, ignoring case and accents. */
export function englishDestinationName(name: string): string | undefined {
  return englishNames().get(searchableText(name));
}

let byAnyName: Map<string, string> | undefined;

function englishNames(): Map<string, string> {
  if (byAnyName) return byAnyName;
  byAnyName = new Map();
  // English names first: a city's own name wins over another's translation that reads the same.
  for (const english of Object.keys(DESTINATION_NAMES)) byAnyName.set(searchableText(english), english);
  for (const [english, names] of Object.entries(DESTINATION_NAMES)) {
    for (const name of Object.values(names)) if (!byAnyName.has(searchableText(name))) byAnyName.set(searchableText(name), english);
  }
  return byAnyName;
}
