import type { SupportedLanguage } from '@hotelapi/domain';
// The package's Node entry (`main`) registers all of its ~80 locales on load; its plain index
// registers none, so we take that and register only the languages we serve.
import { getName, registerLocale } from 'i18n-iso-countries/index.js';
// JSON modules need the `type: 'json'` attribute under Node ESM; TypeScript (nodenext), vitest
// and Node 20 all accept it, and tsc keeps it in the built output.
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };

for (const locale of [en, es, fr, de, it, pt]) registerLocale(locale);

/**
 * The name of a country in `language`, from its ISO 3166-1 code (alpha-2 such as `DE`, any case;
 * alpha-3 and numeric codes work too). Undefined for a code that names no country.
 */
export function countryName(code: string, language: SupportedLanguage): string | undefined {
  return getName(code, language);
}

/** Names for several country codes, keyed by the code as given; unknown codes are left out. */
export function countryNames(codes: Iterable<string>, language: SupportedLanguage): Record<string, string> {
  const names: Record<string, string> = {};
  for (const code of codes) {
    const name = countryName(code, language);
    if (name !== undefined) names[code] = name;
  }
  return names;
}
