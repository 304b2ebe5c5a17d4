import { DEFAULT_LANGUAGE, type LocalizedText, type SupportedLanguage } from '@hotelapi/domain';

/**
 * The text of a connector-translated field in `language`: else English, else the first
 * translation present, else ''. An empty string counts as an untranslated gap, like a missing one.
 */
export function pickText(text: LocalizedText | undefined, language: SupportedLanguage): string {
  if (!text) return '';
  return text[language] || text[DEFAULT_LANGUAGE] || Object.values(text).find(Boolean) || '';
}
