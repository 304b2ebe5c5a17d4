import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { AvailabilityApi, PriceCalendarDay } from './api/availability-api.js';
import { addDays, addMonths, monthEnd, monthStart, weekday, type CalendarDate } from './calendar-date.js';
import type { Translator } from './i18n/translator.js';
import { isPickable, isSold, minimumStay, onlyLongerStays } from './stay-picking.js';
import { sharedStyles } from './styles.js';


export interface DatesPicked {
  readonly arrival: CalendarDate;
  readonly departure: CalendarDate;
}

/**
 * A month of days with the lowest price of each, to pick an arrival and then a departure. Days the
 * API says are not bookable (or closed to arrival) cannot be an arrival; a departure must respect
 * the arrival day's minimum stay and may not cross a night that is not bookable. Keyboard: arrows
 * move by day and week, Page Up/Down by month, Home/End to the week's ends, Enter or Space picks,
 * Escape closes. Fires `dates-picked` (detail `DatesPicked`) and `calendar-close`.
 */
export class PriceCalendarElement extends LitElement {
  static override properties = {
    api: { attribute: false },
    chain: { attribute: false },
    currency: { attribute: false },
    adults: { attribute: false },
    childCount: { attribute: false },
    translator: { attribute: false },
    today: { attribute: false },
    arrival: { attribute: false },
    month: { state: true },
    focused: { state: true },
    days: { state: true },
    pending: { state: true },
    loading: { state: true },
    pricesMissing: { state: true },
  };

  declare api: AvailabilityApi;
  declare chain: string;
  declare currency: string;
  declare adults: number;
  declare childCount: number;
  declare translator: Translator;
  declare today: CalendarDate;
  /** The arrival already chosen, which the calendar opens on. */
  declare arrival: CalendarDate | undefined;
  declare month: CalendarDate;
  declare focused: CalendarDate;
  declare days: ReadonlyMap<CalendarDate, PriceCalendarDay>;
  /** An arrival picked here, waiting for its departure. */
  declare pending: CalendarDate | undefined;
  declare loading: boolean;
  declare pricesMissing: boolean;

  private readonly loadedMonths = new Set<string>();
  private inFlight?: AbortController;

  constructor() {
    super();
    this.days = new Map();
    this.loading = false;
    this.pricesMissing = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const start = this.arrival && this.arrival >= this.today ? this.arrival : this.today;
    this.month = monthStart(start);
    this.focused = start;
    this.pending = undefined;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.inFlight?.abort();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('currency') || changed.has('adults') || changed.has('childCount') || changed.has('chain')) {
      this.loadedMonths.clear();
      this.days = new Map();
    }
  }

  protected override updated(): void {
    if (!this.loadedMonths.has(this.month)) void this.load(this.month);
  }

  /** Puts the keyboard on the focused day, as a grid does when it opens. */
  focusDay(): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus());
  }

  private async load(month: CalendarDate): Promise<void> {
    this.loadedMonths.add(month);
    const from = month < this.today ? this.today : month;
    this.inFlight?.abort();
    const controller = (this.inFlight = new AbortController());
    this.loading = true;
    try {
      const calendar = await this.api.priceCalendar(
        { chainCode: this.chain, from, to: monthEnd(month), currency: this.currency, nights: 1, adults: this.adults, children: this.childCount },
        controller.signal,
      );
      const days = new Map(this.days);
      for (const day of calendar.dates) days.set(day.date, day);
      this.days = days;
      this.pricesMissing = false;
    } catch {
      if (controller.signal.aborted) {
        // Replaced by another month's request: this month loads again when it is shown again.
        this.loadedMonths.delete(month);
        return;
      }
      // Dates stay pickable without prices; the search itself will say what is bookable. The month
      // stays marked as asked, so a failing API is asked once per month shown, not in a loop.
      this.pricesMissing = true;
    } finally {
      if (this.inFlight === controller) this.loading = false;
    }
  }

  override render() {
    const t = this.translator;
    const firstDay = t.firstDayOfWeek();
    const lead = (weekday(this.month) - firstDay + 7) % 7;
    const gridStart = addDays(this.month, -lead);
    // Whole weeks from the one holding the 1st to the one holding the last day.
    const weeks: CalendarDate[][] = [];
    for (let weekStart = gridStart; weekStart <= monthEnd(this.month); weekStart = addDays(weekStart, 7)) {
      weeks.push(Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)));
    }
    const minStay = this.pending ? minimumStay(this.pending, this.days) : 1;
    return html`
      <div part="calendar" class="calendar" @keydown=${this.onKeydown}>
        <div class="calendar-head">
          <button type="button" part="button" class="secondary" aria-label=${t.t('previousMonth')} @click=${() => this.shiftMonth(-1)}
            ?disabled=${this.month <= monthStart(this.today)}>‹</button>
          <h2 id="month" aria-live="polite">${t.month(this.month)}</h2>
          <button type="button" part="button" class="secondary" aria-label=${t.t('nextMonth')} @click=${() => this.shiftMonth(1)}>›</button>
        </div>
        <p class="hint" role="status">
          ${this.pending ? t.t('pickDeparture') : t.t('pickArrival')}
          ${this.pending && minStay > 1 ? html` — ${t.t('minStay', { nights: t.plural('nights', minStay) })}` : nothing}
          ${this.loading ? html` — ${t.t('calendarLoading')}` : nothing}
        </p>
        ${this.pricesMissing ? html`<p class="hint">${t.t('calendarPricesMissing')}</p>` : nothing}
        <table aria-labelledby="month">
          <thead>
            <tr>
              ${(weeks[0] ?? []).map((day) => html`<th scope="col" abbr=${t.weekday(day)}>${t.weekday(day)}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${weeks.map((week) => html`<tr>${week.map((day) => this.renderDay(day))}</tr>`)}
          </tbody>
        </table>
      </div>
    `;
  }

  private renderDay(day: CalendarDate) {
    if (day.slice(0, 7) !== this.month.slice(0, 7)) return html`<td></td>`;
    const t = this.translator;
    const info = this.days.get(day);
    const pickable = this.isPickable(day);
    const price = info?.price ?? null;
    const selected = day === this.pending || (!this.pending && day === this.arrival);
    const longerStays = info !== undefined && onlyLongerStays(info);
    const reason = !pickable && info && !isSold(info) ? t.t('dayUnavailable') : !pickable && info?.closedToArrival ? t.t('noArrival') : '';
    // A day sold only for longer stays has no one-night price: it shows its minimum stay instead.
    const shown =
      price !== null && info?.bookable ? t.shortPrice(price, this.currency) : longerStays ? t.t('minNightsShort', { count: info.minStay ?? 1 }) : '';
    const said = price !== null && info?.bookable
      ? t.t('priceFrom', { price: t.price(price, this.currency) })
      : longerStays ? t.t('minStay', { nights: t.plural('nights', info.minStay ?? 1) }) : '';
    // The accessible name starts with the text shown (WCAG 2.5.3, label in name), then says it in full.
    const label = [`${Number(day.slice(8))} ${shown}`.trim(), t.longDate(day), said, reason]
      .filter(Boolean)
      .join(', ');
    return html`<td>
      <button
        type="button"
        part="day${selected ? ' day-selected' : ''}"
        class="day ${selected ? 'selected' : ''}"
        data-date=${day}
        tabindex=${day === this.focused ? 0 : -1}
        aria-label=${label}
        aria-pressed=${selected ? 'true' : 'false'}
        aria-disabled=${pickable ? 'false' : 'true'}
        @click=${() => this.pick(day)}
      >
        <span class="day-number" aria-hidden="true">${Number(day.slice(8))}</span>
        <span class="day-price" aria-hidden="true">${shown || (info ? '—' : '')}</span>
      </button>
    </td>`;
  }

  /** Whether a day may be picked now: as an arrival, or as the departure of the pending arrival. */
  private isPickable(day: CalendarDate): boolean {
    return isPickable(day, { today: this.today, days: this.days, arrival: this.pending });
  }

  private pick(day: CalendarDate): void {
    if (!this.isPickable(day)) return;
    this.focused = day;
    if (!this.pending) {
      this.pending = day;
      // Focus the first day a departure could be.
      const first = addDays(day, minimumStay(day, this.days));
      this.moveFocus(first);
      return;
    }
    const picked: DatesPicked = { arrival: this.pending, departure: day };
    this.pending = undefined;
    this.dispatchEvent(new CustomEvent<DatesPicked>('dates-picked', { detail: picked, bubbles: true, composed: true }));
  }

  private shiftMonth(by: number): void {
    const month = addMonths(this.month, by);
    if (month < monthStart(this.today)) return;
    this.month = month;
    const day = addDays(month, Math.min(Number(this.focused.slice(8)), Number(monthEnd(month).slice(8))) - 1);
    this.focused = day < this.today ? this.today : day;
  }

  private moveFocus(day: CalendarDate): void {
    if (day < this.today) day = this.today;
    this.focused = day;
    this.month = monthStart(day);
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(`button[data-date="${day}"]`)?.focus());
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape') {
      event.preventDefault();
      this.dispatchEvent(new CustomEvent('calendar-close', { bubbles: true, composed: true }));
      return;
    }
    if (!target.classList.contains('day')) return;
    const firstDay = this.translator.firstDayOfWeek();
    const steps: Record<string, () => CalendarDate> = {
      ArrowLeft: () => addDays(this.focused, -1),
      ArrowRight: () => addDays(this.focused, 1),
      ArrowUp: () => addDays(this.focused, -7),
      ArrowDown: () => addDays(this.focused, 7),
      PageUp: () => addMonths(monthStart(this.focused), -1),
      PageDown: () => addMonths(monthStart(this.focused), 1),
      Home: () => addDays(this.focused, -((weekday(this.focused) - firstDay + 7) % 7)),
      End: () => addDays(this.focused, 6 - ((weekday(this.focused) - firstDay + 7) % 7)),
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      this.moveFocus(step());
    }
  };

  static override styles = [
    sharedStyles,
    css`
      .calendar { padding: var(--hs-space, 1rem); border: 1px solid var(--hs-color-border, #767676); border-radius: var(--hs-radius, 8px);
        background: var(--hs-color-surface, #fff); }
      .calendar-head { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; }
      .calendar-head h2 { margin: 0; font-size: 1rem; text-transform: capitalize; }
      .hint { margin: 0.5rem 0; font-size: 0.875rem; color: var(--hs-color-muted, #4a4a4a); }
      table { width: 100%; border-collapse: collapse; table-layout: fixed; }
      th { font-size: 0.75rem; font-weight: 600; color: var(--hs-color-muted, #4a4a4a); padding: 0.25rem 0; }
      td { padding: 2px; }
      .day { width: 100%; min-height: 2.75rem; display: flex; flex-direction: column; align-items: center; justify-content: center;
        padding: 0.125rem; border: 1px solid transparent; border-radius: calc(var(--hs-radius, 8px) / 2);
        background: transparent; color: var(--hs-color-text, #1a1a1a); font: inherit; cursor: pointer; }
      .day:hover { border-color: var(--hs-color-border, #767676); }
      .day[aria-disabled='true'] { color: var(--hs-color-muted, #4a4a4a); text-decoration: line-through; cursor: not-allowed; background: var(--hs-color-disabled, #ececec); }
      /* The arrival picked is no departure, but it is the guest's choice: never struck out. */
      .day.selected { background: var(--hs-color-accent, #0b57d0); color: var(--hs-color-on-accent, #fff); text-decoration: none; }
      .day-number { font-weight: 600; }
      .day-price { font-size: 0.7rem; }
    `,
  ];
}
