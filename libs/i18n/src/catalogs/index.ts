import type { SupportedLanguage } from '@hotelapi/domain';
import { de } from './de.js';
import { en, type Catalog, type MessageKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { pt } from './pt.js';

export type { Catalog, MessageKey };

/** Every supported language's catalog; a language without one fails the typecheck. */
export const catalogs: Readonly<Record<SupportedLanguage, Catalog>> = { en, es, fr, de, it, pt };

/** Whether `key` names a message; narrows dynamic keys such as `extra.${code}`. */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
