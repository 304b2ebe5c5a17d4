import type { GetPropertyLowestMonthlyRatesData, PriceCalendarResponse } from '@hotelapi/domain';
import { html, LitElement, type PropertyValues } from 'lit';
import { failedLoad, getJson } from '../api.js';
import { chartTime, money } from '../dates.js';
import type { Language, Translate } from '../i18n/messages.js';
import '../line-chart.js';
import { viewStyles } from '../styles.js';
import { viewStates, type ViewData } from '../view-state.js';

interface PricesAnswer {
  readonly data: { readonly calendar: PriceCalendarResponse | null; readonly monthly: GetPropertyLowestMonthlyRatesData };
}

/** The price calendar and the lowest monthly rates, as charts, from one call. */
export class PricesView extends LitElement {
  static override properties = {
    property: { type: String },
    chainCode: { type: String },
    from: { type: String },
    to: { type: String },
    language: { type: String },
    t: { attribute: false },
    data: { state: true },
  };
  static override styles = viewStyles;

  declare property: string;
  declare chainCode: string;
  declare from: string;
  declare to: string;
  declare language: Language;
  declare t: Translate;
  declare data: ViewData<PricesAnswer>;

  constructor() {
    super();
    this.data = { state: 'loading' };
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (['property', 'from', 'to'].some((name) => changed.has(name))) void this.#load();
  }

  async #load(): Promise<void> {
    this.data = { state: 'loading' };
    const query = new URLSearchParams({ chainCode: this.chainCode, from: this.from, to: this.to, currency: 'EUR' });
    this.data = await getJson<PricesAnswer>(`/dashboard/api/properties/${encodeURIComponent(this.property)}/prices?${query}`, this.language).catch((error: unknown) => failedLoad(this, error));
  }

  override render() {
    return html`<section class="card" aria-labelledby="prices-title">
      <h2 id="prices-title">${this.t('prices')}</h2>
      ${viewStates(this.data, this.t, ({ data }) => {
        const { calendar, monthly } = data;
        const price = (amount: number | null) => money(amount, monthly.currency, this.language);
        const months = monthly.lowestMonthlyRates;
        const monthName = new Intl.DateTimeFormat(this.language, { month: 'long', year: 'numeric' });
        return html`
          <h3>${this.t('priceCalendar')}</h3>
          ${calendar && calendar.dates.some((day) => day.price !== null)
            ? html`<line-chart
                .label=${this.t('priceCalendar')}
                .x=${calendar.dates.map((day) => chartTime(day.date))}
                .format=${price}
                .series=${[{ label: this.t('lowestRate'), color: '#026aa2', values: calendar.dates.map((day) => day.price) }]}
              ></line-chart>`
            : html`<p>${this.t('empty')}</p>`}
          <h3 id="monthly-title">${this.t('monthlyRates')}</h3>
          ${months.length === 0
            ? html`<p>${this.t('empty')}</p>`
            : html`<line-chart
                  .label=${this.t('monthlyRates')}
                  .x=${months.map((entry) => new Date(entry.year, entry.month - 1, 15).getTime() / 1000)}
                  .format=${price}
                  .series=${[{ label: this.t('lowestRate'), color: '#6941c6', bars: true, values: months.map((entry) => entry.rate) }]}
                ></line-chart>
                <div class="scroll" role="region" aria-labelledby="monthly-title" tabindex="0">
                  <table>
                    <thead><tr><th scope="col">${this.t('month')}</th><th scope="col">${this.t('lowestRate')}</th></tr></thead>
                    <tbody>
                      ${months.map((entry) => html`<tr><th scope="row">${monthName.format(new Date(entry.year, entry.month - 1, 1))}</th><td>${price(entry.rate)}</td></tr>`)}
                    </tbody>
                  </table>
                </div>`}
        `;
      })}
    </section>`;
  }
}

customElements.define('prices-view', PricesView);
