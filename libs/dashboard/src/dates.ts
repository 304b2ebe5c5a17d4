/** Calendar dates as the API writes them (yyyy-MM-dd), in the browser's own calendar. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return isoDate(new Date(year, month - 1, day + days));
}

/** uPlot's x values: seconds since the epoch, at noon local time (clear of daylight-saving edges). */
export function chartTime(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 12).getTime() / 1000;
}

export function money(amount: number | null | undefined, currency: string, language: string): string {
  if (amount === null || amount === undefined) return '–';
  return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

export function longDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(chartTime(iso) * 1000));
}
