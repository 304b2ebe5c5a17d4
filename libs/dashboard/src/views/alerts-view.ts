import type { LoggedEvent } from '@hotelapi/domain';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { failedLoad, getJson } from '../api.js';
import { longDate, money } from '../dates.js';
import type { Language, Translate } from '../i18n/messages.js';
import { viewStyles } from '../styles.js';
import { viewStates, type ViewData } from '../view-state.js';

type ParityEvent = Extract<LoggedEvent, { type: 'parity.breach' | 'parity.restored' }>;
interface AlertsAnswer {
  readonly data: readonly ParityEvent[];
  readonly metadata: { readonly nextCursor: string };
}

/** How often the open page asks the change feed for what is new. */
const POLL_MS = 5_000;
const SHOWN = 50;

/**
 * Recent parity breaches and recoveries of the property, newest first, polled from the change
 * feed while the view is open; each links to its arrival date in the parity grid (`show-date`).
 */
export class AlertsView extends LitElement {
  static override properties = {
    property: { type: String },
    language: { type: String },
    t: { attribute: false },
    channelNames: { attribute: false },
    data: { state: true },
  };
  static override styles = [viewStyles, css`li { margin: 0.5rem 0; } .breach { color: #a8071a; } .restored { color: #054f31; }`];

  declare property: string;
  declare language: Language;
  declare t: Translate;
  declare channelNames: Readonly<Record<string, string>>;
  declare data: ViewData<AlertsAnswer>;
  #cursor: string | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    super();
    this.data = { state: 'loading' };
    this.channelNames = {};
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#timer = setInterval(() => void this.#poll(), POLL_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('property')) {
      this.#cursor = undefined;
      this.data = { state: 'loading' };
      void this.#poll();
    }
  }

  async #poll(): Promise<void> {
    const query = this.#cursor === undefined ? '' : `?${new URLSearchParams({ after: this.#cursor })}`;
    const loaded = await getJson<AlertsAnswer>(`/dashboard/api/properties/${encodeURIComponent(this.property)}/alerts${query}`, this.language).catch((error: unknown) =>
      failedLoad(this, error),
    );
    if (!loaded.ok) {
      // A failed poll keeps what was shown; only a first load shows the error.
      if ('state' in this.data || !this.data.ok) this.data = loaded;
      return;
    }
    this.#cursor = loaded.value.metadata.nextCursor;
    const shown = 'state' in this.data || !this.data.ok ? [] : this.data.value.data;
    this.data = { ...loaded, value: { ...loaded.value, data: [...loaded.value.data, ...shown].slice(0, SHOWN) } };
  }

  override render() {
    return html`<section class="card" aria-labelledby="alerts-title">
      <h2 id="alerts-title">${this.t('alertsTitle')}</h2>
      <p>${this.t('alertsLive')}</p>
      ${viewStates(this.data, this.t, ({ data }) =>
        data.length === 0
          ? html`<p>${this.t('noAlerts')}</p>`
          : html`<ul class="plain" aria-live="polite">
              ${data.map((event) => {
                const price = (amount: number) => money(amount, event.data.currency, this.language);
                const breach = event.type === 'parity.breach';
                return html`<li data-event=${event.id}>
                  <strong class=${breach ? 'breach' : 'restored'}>${this.t(breach ? 'breach' : 'restored')}</strong>
                  · ${this.channelNames[event.data.channel] ?? event.data.channel}: ${price(event.data.channelPrice)} / ${this.t('direct')} ${price(event.data.direct)} ·
                  <a href="#" @click=${(click: Event) => this.#show(click, event.data.arrival)}>${longDate(event.data.arrival, this.language)}</a>
                  · <time datetime=${event.timestamp}>${new Date(event.timestamp).toLocaleString(this.language)}</time>
                </li>`;
              })}
            </ul>`,
      )}
    </section>`;
  }

  #show(click: Event, date: string): void {
    click.preventDefault();
    this.dispatchEvent(new CustomEvent('show-date', { detail: date, bubbles: true, composed: true }));
  }
}

customElements.define('alerts-view', AlertsView);
