import type { ParityData, ParitySummary } from '@hotelapi/domain';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { failedLoad, getJson } from '../api.js';
import { chartTime, longDate, money } from '../dates.js';
import type { Language, MessageKey, Translate } from '../i18n/messages.js';
import '../line-chart.js';
import { viewStyles } from '../styles.js';
import { viewStates, type ViewData } from '../view-state.js';

interface ParityAnswer {
  readonly data: ParityData;
  readonly summary: ParitySummary;
}

export const CHANNEL_COLORS = ['#b42318', '#6941c6', '#026aa2', '#c4320a', '#3f621a', '#9e165f'];
const DIRECT_COLOR = '#101828';
const STATUS_KEY: Record<string, MessageKey> = { WIN: 'win', MEET: 'meet', LOSE: 'lose' };
const WORST_SHOWN = 5;

/** Direct against the channels: a chart, the win / meet / lose grid, and the worst undercuts. */
export class ParityView extends LitElement {
  static override properties = {
    property: { type: String },
    from: { type: String },
    to: { type: String },
    tolerance: { type: Number },
    language: { type: String },
    highlight: { type: String },
    t: { attribute: false },
    channelNames: { attribute: false },
    data: { state: true },
    detail: { state: true },
  };
  static override styles = [
    viewStyles,
    css`
      td.cell { text-align: center; cursor: default; }
      td.cell:focus { outline: 3px solid #1849a9; outline-offset: -3px; }
      .WIN { background: #d1fadf; color: #054f31; }
      .MEET { background: #eaecf0; color: #1d2939; }
      .LOSE { background: #fee4e2; color: #7a271a; }
      tr.highlight th { background: #fef0c7; }
      .detail { min-height: 1.5em; font-size: 0.9rem; }
      .undercuts li { margin: 0.35rem 0; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
    `,
  ];

  declare property: string;
  declare from: string;
  declare to: string;
  declare tolerance: number;
  declare language: Language;
  declare highlight: string;
  declare t: Translate;
  declare channelNames: Readonly<Record<string, string>>;
  declare data: ViewData<ParityAnswer>;
  declare detail: string;

  constructor() {
    super();
    this.data = { state: 'loading' };
    this.detail = '';
    this.highlight = '';
    this.channelNames = {};
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (['property', 'from', 'to', 'tolerance'].some((name) => changed.has(name))) void this.#load();
  }

  protected override updated(changed: PropertyValues): void {
    if ((changed.has('highlight') || changed.has('data')) && this.highlight) {
      const cell = this.renderRoot.querySelector<HTMLElement>(`tr[data-date="${this.highlight}"] td.cell`);
      cell?.scrollIntoView({ block: 'nearest' });
      cell?.focus();
    }
  }

  async #load(): Promise<void> {
    this.data = { state: 'loading' };
    const query = new URLSearchParams({ from: this.from, to: this.to, tolerance: String(this.tolerance) });
    this.data = await getJson<ParityAnswer>(`/dashboard/api/properties/${encodeURIComponent(this.property)}/parity?${query}`, this.language).catch((error: unknown) => failedLoad(this, error));
  }

  override render() {
    return html`<section class="card" aria-labelledby="parity-title">
      <h2 id="parity-title">${this.t('parity')}</h2>
      ${viewStates(this.data, this.t, (answer) => (answer.data.dates.length === 0 ? html`<p>${this.t('empty')}</p>` : this.#drawn(answer)))}
    </section>`;
  }

  #drawn({ data, summary }: ParityAnswer) {
    const channels = summary.channels.map((entry) => entry.channel);
    const name = (channel: string) => this.channelNames[channel] ?? channel;
    const price = (amount: number | null) => money(amount, data.currency, this.language);
    return html`
      <line-chart
        .label=${this.t('parityChart')}
        .x=${data.dates.map((day) => chartTime(day.date))}
        .format=${price}
        .series=${[
          { label: this.t('direct'), color: DIRECT_COLOR, values: data.dates.map((day) => day.direct) },
          ...channels.map((channel, index) => ({
            label: name(channel),
            color: CHANNEL_COLORS[index % CHANNEL_COLORS.length] ?? DIRECT_COLOR,
            values: data.dates.map((day) => day.channels.find((entry) => entry.channel === channel)?.price ?? null),
          })),
        ]}
      ></line-chart>
      <h3 id="grid-title">${this.t('grid')}</h3>
      <p class="detail" aria-live="polite">${this.detail || this.t('pointHint')}</p>
      <div class="scroll" role="region" aria-labelledby="grid-title" tabindex="0">
        <table>
          <thead>
            <tr><th scope="col">${this.t('date')}</th><th scope="col">${this.t('direct')}</th>${channels.map((channel) => html`<th scope="col">${name(channel)}</th>`)}</tr>
          </thead>
          <tbody>
            ${data.dates.map(
              (day) => html`<tr data-date=${day.date} class=${day.date === this.highlight ? 'highlight' : ''}>
                <th scope="row">${longDate(day.date, this.language)}</th>
                <td>${price(day.direct)}</td>
                ${channels.map((channel) => {
                  const entry = day.channels.find((candidate) => candidate.channel === channel);
                  if (!entry) return html`<td>${this.t('noPrice')}</td>`;
                  const status = this.t(STATUS_KEY[entry.status] ?? 'meet');
                  const text = this.t('cellDetail', { channel: name(channel), date: longDate(day.date, this.language), price: price(entry.price), direct: price(day.direct), status });
                  const show = () => (this.detail = text);
                  return html`<td class="cell ${entry.status}" tabindex="0" title=${text} @focus=${show} @mouseenter=${show}>${status}</td>`;
                })}
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <h3>${this.t('worstUndercuts')}</h3>
      ${this.#undercuts(data, name, price)}
    `;
  }

  #undercuts(data: ParityData, name: (channel: string) => string, price: (amount: number | null) => string) {
    const worst = data.dates
      .flatMap((day) =>
        day.channels
          .filter((entry) => entry.status === 'LOSE' && day.direct !== null)
          .map((entry) => ({ date: day.date, channel: entry.channel, price: entry.price, amount: (day.direct ?? 0) - entry.price, percent: ((day.direct ?? 0) - entry.price) / (day.direct ?? 1) })),
      )
      .sort((a, b) => b.amount - a.amount)
      .slice(0, WORST_SHOWN);
    if (worst.length === 0) return html`<p>${this.t('noUndercuts')}</p>`;
    const percent = new Intl.NumberFormat(this.language, { style: 'percent', maximumFractionDigits: 1 });
    return html`<ul class="plain undercuts">
      ${worst.map(
        (undercut) => html`<li>
          <span>${this.t('undercutLine', { channel: name(undercut.channel), date: longDate(undercut.date, this.language), price: price(undercut.price), amount: price(undercut.amount), percent: percent.format(undercut.percent) })}</span>
          <button type="button" @click=${() => (this.highlight = undercut.date)}>${this.t('showInGrid')}</button>
        </li>`,
      )}
    </ul>`;
  }
}

customElements.define('parity-view', ParityView);
