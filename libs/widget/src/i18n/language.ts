import { SUPPORTED_LANGUAGES, type Language } from './messages.js';

/**
 * The widget's language: its own `lang` attribute, else the page's (the nearest ancestor with a
 * `lang`), else the first of the browser's languages we speak, else English. Tags are matched by
 * their primary subtag, so `pt-BR` and `fr-CA` count as `pt` and `fr`.
 */
export function resolveLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const tag of candidates) {
    const primary = tag?.trim().toLowerCase().split(/[-_]/, 1)[0];
    const match = SUPPORTED_LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return 'en';
}
