import { SupportedLanguage, type LocalizedText } from '@hotelapi/domain';

/** The languages sandbox texts are written in: exactly those the API translates into. */
export const TEXT_LANGUAGES: readonly SupportedLanguage[] = SupportedLanguage.options;

/**
 * A sandbox text in every language the API translates into. Generators always write complete
 * translations; the deliberate gaps are cut out afterwards with `inLanguages`, so a gap is a
 * decision visible in one place and never a forgotten entry.
 */
export type Translations = Readonly<Record<SupportedLanguage, string>>;

/** A text whose translations mostly equal the English (city names, brands), with the exceptions. */
export function translations(english: string, exceptions: Partial<Translations> = {}): Translations {
  return { en: english, es: english, fr: english, de: english, it: english, pt: english, ...exceptions };
}

/** The text as an upstream would deliver it when only `languages` have been translated. */
export function inLanguages(text: Translations, languages: readonly SupportedLanguage[]): LocalizedText {
  const delivered: Partial<Record<SupportedLanguage, string>> = {};
  for (const language of languages) delivered[language] = text[language];
  return delivered;
}

/** Each language's text through `render`, e.g. to fill a template per language. */
export function translate(render: (language: SupportedLanguage) => string): Translations {
  return { en: render('en'), es: render('es'), fr: render('fr'), de: render('de'), it: render('it'), pt: render('pt') };
}
