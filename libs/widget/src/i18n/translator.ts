import { MESSAGES, type Language, type MessageKey } from './messages.js';

type Params = Readonly<Record<string, string | number>>;

/** Texts and Intl formats for one language, built once per language switch. */
export class Translator {
  private readonly plurals: Intl.PluralRules;
  private readonly dates: Intl.DateTimeFormat;
  private readonly longDates: Intl.DateTimeFormat;
  private readonly months: Intl.DateTimeFormat;
  private readonly kilometres: Intl.NumberFormat;
  private readonly money = new Map<string, Intl.NumberFormat>();

  constructor(readonly language: Language) {
    this.plurals = new Intl.PluralRules(language);
    // Calendar dates are dates, not instants: format them in UTC so they never shift by a day.
    this.dates = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    this.longDates = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
    this.months = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    this.kilometres = new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
  }

  t(key: MessageKey, params: Params = {}): string {
    return MESSAGES[this.language][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
  }

  /** A message with `.one`/`.other` forms, chosen by the language's plural rules. */
  plural(stem: 'nights' | 'found' | 'stars', count: number): string {
    const form = this.plurals.select(count) === 'one' ? 'one' : 'other';
    return this.t(`${stem}.${form}`, { count: this.integer(count) });
  }

  integer(n: number): string {
    return n.toLocaleString(this.language);
  }

  /** An amount with the currency's own minor units (the API already rounded it to them). */
  price(amount: number, currency: string): string {
    let format = this.money.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(this.language, { style: 'currency', currency });
      this.money.set(currency, format);
    }
    return format.format(amount);
  }

  /** A whole amount for tight spaces (calendar days): the currency without its cents. */
  shortPrice(amount: number, currency: string): string {
    return new Intl.NumberFormat(this.language, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(
      Math.round(amount),
    );
  }

  date(day: string): string {
    return this.dates.format(utc(day));
  }

  longDate(day: string): string {
    return this.longDates.format(utc(day));
  }

  month(day: string): string {
    return this.months.format(utc(day));
  }

  weekday(day: string): string {
    return new Intl.DateTimeFormat(this.language, { weekday: 'narrow', timeZone: 'UTC' }).format(utc(day));
  }

  distance(km: number): string {
    return this.kilometres.format(km);
  }

  /** First day of the week for the language's default region (Monday where Intl cannot tell). */
  firstDayOfWeek(): number {
    const locale = new Intl.Locale(this.language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } };
    const firstDay = locale.getWeekInfo?.().firstDay ?? 1;
    return firstDay % 7; // Intl counts Monday 1 .. Sunday 7; Date counts Sunday 0.
  }
}

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
