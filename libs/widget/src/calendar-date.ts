/** Calendar dates as the API writes them, `yyyy-MM-dd`, with day arithmetic done in UTC. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;

function toUtc(day: CalendarDate): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function fromUtc(ms: number): CalendarDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: CalendarDate, days: number): CalendarDate {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

export function nightsBetween(arrival: CalendarDate, departure: CalendarDate): number {
  return Math.round((toUtc(departure) - toUtc(arrival)) / DAY_MS);
}

/** The browser's own "today": the guest's calendar, which is what they pick dates in. */
export function today(now = new Date()): CalendarDate {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export function monthStart(day: CalendarDate): CalendarDate {
  return `${day.slice(0, 7)}-01`;
}

export function addMonths(firstOfMonth: CalendarDate, months: number): CalendarDate {
  const date = new Date(toUtc(firstOfMonth));
  date.setUTCMonth(date.getUTCMonth() + months, 1);
  return fromUtc(date.getTime());
}

export function monthEnd(day: CalendarDate): CalendarDate {
  return addDays(addMonths(monthStart(day), 1), -1);
}

/** Day of the week, Sunday 0 to Saturday 6. */
export function weekday(day: CalendarDate): number {
  return new Date(toUtc(day)).getUTCDay();
}

export function isCalendarDate(value: string | null | undefined): value is CalendarDate {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(toUtc(value)) === value;
}
