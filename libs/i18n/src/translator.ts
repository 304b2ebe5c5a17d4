import type { SupportedLanguage } from '@hotelapi/domain';
import { catalogs, hasMessage, type MessageKey } from './catalogs/index.js';
import { formatDate, formatMoney, formatNumber } from './formats.js';

/**
 * Values for a message's `{placeholder}`s. Numbers are written with the language's digit
 * grouping and decimal mark (8.5 reads "8,5" in German); pass a string to insert text verbatim.
 */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Everything needed to write the API's own texts, numbers, prices and dates in one language. */
export interface Translator {
  readonly language: SupportedLanguage;
  /** The message for `key`, placeholders filled from `params`; a missing param stays visible as `{name}`. */
  t(key: MessageKey, params?: MessageParams): string;
  /** Like `t` for a key built at run time (`extra.${code}`): undefined when there is no such message. */
  tOptional(key: string, params?: MessageParams): string | undefined;
  /** `amount` in `currency` (ISO 4217) with the currency's own minor units. */
  money(amount: number, currency: string): string;
  number(n: number, maximumFractionDigits?: number): string;
  /** A calendar date `yyyy-MM-dd` written out in the language; a non-date comes back unchanged. */
  date(yyyyMmDd: string): string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function createTranslator(language: SupportedLanguage): Translator {
  const catalog = catalogs[language];

  const interpolate = (template: string, params: MessageParams | undefined): string => {
    if (!params) return template;
    return template.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      if (value === undefined) return placeholder;
      return typeof value === 'number' ? formatNumber(language, value) : value;
    });
  };

  const t = (key: MessageKey, params?: MessageParams): string => interpolate(catalog[key], params);

  return Object.freeze({
    language,
    t,
    tOptional: (key: string, params?: MessageParams) => (hasMessage(key) ? t(key, params) : undefined),
    money: (amount: number, currency: string) => formatMoney(language, amount, currency),
    number: (n: number, maximumFractionDigits?: number) => formatNumber(language, n, maximumFractionDigits),
    date: (yyyyMmDd: string) => formatDate(language, yyyyMmDd),
  });
}

/** One translator per language, built up front: they are small and shared by every request. */
const translators: Readonly<Record<SupportedLanguage, Translator>> = {
  en: createTranslator('en'),
  es: createTranslator('es'),
  fr: createTranslator('fr'),
  de: createTranslator('de'),
  it: createTranslator('it'),
  pt: createTranslator('pt'),
};

/** The shared translator for `language`. */
export function translator(language: SupportedLanguage): Translator {
  return translators[language];
}
