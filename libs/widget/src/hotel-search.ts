import type { AvailabilityMultiParams, AvailabilityMultiResponse, AvailabilitySortBy, Hotel } from '@hotelapi/client';
import { boardByCode } from '@hotelapi/domain/rules/boards';
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { AvailabilityApi } from './api/availability-api.js';
import { WidgetApiError } from './api/widget-api-error.js';
import { addDays, isCalendarDate, nightsBetween, today } from './calendar-date.js';
import { distancesFromCentres } from './distance.js';
import { answerFromGiven, givenSorts } from './given-answer.js';
import { resolveLanguage } from './i18n/language.js';
import type { MessageKey } from './i18n/messages.js';
import { Translator } from './i18n/translator.js';
import type { DatesPicked, PriceCalendarElement } from './price-calendar.js';
import { SORTS, priceBound, searchParams, toggled, type SearchState } from './search-query.js';
import { hotelSearchStyles } from './hotel-search.styles.js';
import { sharedStyles } from './styles.js';

/** Detail of `hotel-search:search`: the query sent to the API. */
export type HotelSearchSearchDetail = AvailabilityMultiParams;

/** Detail of `hotel-search:select`: the hotel whose Book link was followed. Cancelable. */
export interface HotelSearchSelectDetail {
  readonly code: string;
  readonly name: string;
  readonly price: number;
  readonly currency: string;
  readonly url: string;
}

type View =
  | { readonly state: 'idle' }
  | { readonly state: 'loading'; readonly previous?: AvailabilityMultiResponse }
  | { readonly state: 'done'; readonly response: AvailabilityMultiResponse }
  | { readonly state: 'failed'; readonly error: WidgetApiError };

/** How far ahead the first search looks when the page names no dates: a week, for two nights. */
const DEFAULT_LEAD_DAYS = 7;
const DEFAULT_NIGHTS = 2;
/** Width from which filters sit in a column beside the results (the 36rem container query in the styles). */
const WIDE_PX = 576;

/**
 * Tells the page's web team, in the console, what a guest cannot be told: the browser hides the
 * reason of a CORS refusal from the script, so this names the page's origin and the chain.
 */
function reportRefusedOrigin(chain: string, failure: WidgetApiError): void {
  console.error(
    `<hotel-search>: This page's origin (${location.origin}) is not allowed for chain ${chain}: ask for it to be added to the chain's widget origins (docs/WIDGET.md, "Allowed origins"). ${failure.message}.`,
  );
}

/**
 * `<hotel-search chain="ACME" api="https://…" currency="EUR" lang="fr">`: a hotel search over a
 * chain's keyless availability endpoint. See docs/WIDGET.md for attributes, events and theming.
 */
export class HotelSearchElement extends LitElement {
  static override properties = {
    chain: { reflect: true },
    api: {},
    currency: {},
    language: { attribute: 'lang' },
    checkin: {},
    checkout: {},
    results: { attribute: false },
    search: { state: true },
    view: { state: true },
    calendarOpen: { state: true },
    pageLanguage: { state: true },
  };

  /** Chain code, e.g. `ACME`. Required. */
  declare chain: string;
  /** Base URL of the API; defaults to the origin the widget's script was loaded from. */
  declare api: string | undefined;
  /** ISO 4217 code of the prices; `EUR` by default. */
  declare currency: string;
  /** The element's own `lang`; when absent, the page's, then the browser's. */
  declare language: string | null;
  /** First search's arrival and departure (`yyyy-MM-dd`); default a week from today, two nights. */
  declare checkin: string | undefined;
  declare checkout: string | undefined;
  /**
   * An availability answer the page already has (`GET /v1/availability/multi`'s body, or the
   * `search_chain_availability` tool's `structuredContent.data`). While set, the widget calls no
   * API: it shows these hotels and sorts and filters them itself, with the API's rules; the form
   * (dates, party, calendar) is replaced by the stay the answer is for.
   */
  declare results: AvailabilityMultiResponse | undefined;
  declare search: SearchState;
  declare view: View;
  declare calendarOpen: boolean;
  declare pageLanguage: string | null;

  private translator = new Translator('en');
  private filtersOpen = true;
  private inFlight?: AbortController;
  private langObserver?: MutationObserver;

  constructor() {
    super();
    this.chain = '';
    this.currency = 'EUR';
    this.language = null;
    this.view = { state: 'idle' };
    this.calendarOpen = false;
    this.pageLanguage = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const arrival = isCalendarDate(this.checkin) && this.checkin >= today() ? this.checkin : addDays(today(), DEFAULT_LEAD_DAYS);
    const departure = isCalendarDate(this.checkout) && this.checkout > arrival ? this.checkout : addDays(arrival, DEFAULT_NIGHTS);
    this.search = { destination: '', arrival, departure, adults: 2, children: 0, rooms: 1, sortBy: 'PRICE', ratings: [], boards: [] };
    this.pageLanguage = this.inheritedLanguage();
    this.filtersOpen = this.getBoundingClientRect().width === 0 || this.getBoundingClientRect().width >= WIDE_PX;
    // The page may switch its language after load (a language menu): follow it.
    this.langObserver = new MutationObserver(() => (this.pageLanguage = this.inheritedLanguage()));
    this.langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.langObserver?.disconnect();
    this.inFlight?.abort();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('language') || changed.has('pageLanguage')) {
      const language = resolveLanguage([this.language, this.pageLanguage, ...navigator.languages]);
      if (language !== this.translator.language) this.translator = new Translator(language);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('results') && this.results) {
      // A new answer: its stay and sort, none of the guest's filters on the previous one.
      const { checkin, checkout, adults, metadata } = this.results;
      this.search = { ...this.search, destination: '', arrival: checkin, departure: checkout, adults, sortBy: metadata.sortBy, ratings: [], boards: [], minPrice: undefined, maxPrice: undefined };
      void this.runSearch();
      return;
    }
    // Without a chain there is nothing to ask the API (a page that gives `results` names none).
    if (this.chain === '') return;
    const retranslate = (changed.has('language') || changed.has('pageLanguage')) && this.view.state !== 'idle';
    const first = this.view.state === 'idle';
    if (first || retranslate || changed.has('currency') || changed.has('results') || (changed.has('chain') && changed.get('chain') !== undefined)) {
      void this.runSearch();
    }
  }

  /** The language of the nearest ancestor that has one, across shadow roots. */
  private inheritedLanguage(): string | null {
    for (let node: Node | null = this.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
      if (node instanceof HTMLElement && node.lang) return node.lang;
    }
    return null;
  }

  private get apiBase(): string {
    // Loaded from the API (`<script src="https://API/widget/v1/hotel-search.js">`), the API is where the script came from.
    return this.api || new URL(import.meta.url).origin;
  }

  /** The currency prices are in: the given answer's, else the `currency` asked for. */
  private get priceCurrency(): string {
    return this.results?.currency ?? this.currency.toUpperCase();
  }

  /**
   * Asks the API for the current search; a newer search cancels an older one still running. With
   * `results` given, answers from them instead, at once.
   */
  async runSearch(): Promise<void> {
    this.inFlight?.abort();
    const controller = (this.inFlight = new AbortController());
    const params = searchParams(this.search, this.chain, this.priceCurrency, this.translator.language);
    this.dispatchEvent(new CustomEvent<HotelSearchSearchDetail>('hotel-search:search', { detail: params, bubbles: true, composed: true }));
    if (this.results) {
      this.view = { state: 'done', response: answerFromGiven(this.results, params) };
      return;
    }
    this.view = { state: 'loading', previous: this.view.state === 'done' ? this.view.response : undefined };
    try {
      const response = await new AvailabilityApi(this.apiBase).search(params, controller.signal);
      if (controller.signal.aborted) return;
      this.view = { state: 'done', response };
      this.followDestinationName(response);
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof WidgetApiError ? error : new WidgetApiError('unavailable', String(error));
      if (failure.kind === 'origin_refused') reportRefusedOrigin(this.chain, failure);
      this.view = { state: 'failed', error: failure };
    }
  }

  /**
   * After a change of language the API names the picked destination in the new one (and still
   * takes the old name): the form and filters follow the answer's name.
   */
  private followDestinationName(response: AvailabilityMultiResponse): void {
    const { destination } = this.search;
    if (!destination || destination in response.metadata.destinations) return;
    const names = new Set(response.hotels.map((hotel) => hotel.location.name));
    if (names.size === 1) this.search = { ...this.search, destination: [...names][0] };
  }

  /** Changes what the guest asks for; the form waits for Search, sorting and filters search at once. */
  private changeSearch(patch: Partial<SearchState>, searchNow = true): void {
    this.search = { ...this.search, ...patch };
    if (searchNow) void this.runSearch();
  }

  // Typed so the published declarations name lit (a dependency), not lit-html (lit's own).
  override render(): TemplateResult {
    const t = this.translator;
    return html`
      <div class="widget" lang=${t.language} part="container">
        ${this.results ? this.renderStay(this.results) : this.renderForm()}
        <div class="body">
          ${this.renderFilters()}
          <section class="results-column" aria-labelledby="results-heading">
            <h2 id="results-heading" class="visually-hidden">${t.t('formLabel')}</h2>
            ${this.renderToolbar()} ${this.renderStatus()} ${this.renderResults()}
          </section>
        </div>
      </div>
    `;
  }

  private renderForm() {
    const t = this.translator;
    const s = this.search;
    const destinations = this.facets()?.destinations ?? {};
    return html`
      <form part="form" class="form" aria-label=${t.t('formLabel')} @submit=${this.onSubmit}>
        <label class="field destination" part="field">
          <span>${t.t('destination')}</span>
          <select name="destination" part="input" .value=${s.destination}
            @change=${(e: Event) => this.changeSearch({ destination: (e.target as HTMLSelectElement).value }, false)}>
            <option value="" ?selected=${s.destination === ''}>${t.t('anyDestination')}</option>
            ${
              // The live property, not the attribute: the names change with the language under a selection
              // already made, and the select's own value (bound before its options change) may have cleared it.
              Object.keys(destinations).map((name) => html`<option value=${name} .selected=${live(s.destination === name)}>${name}</option>`)
            }
          </select>
        </label>
        <label class="field" part="field">
          <span>${t.t('arrival')}</span>
          <input type="date" name="arrival" part="input" required .value=${s.arrival} min=${today()}
            @change=${(e: Event) => this.onDateTyped('arrival', (e.target as HTMLInputElement).value)} />
        </label>
        <label class="field" part="field">
          <span>${t.t('departure')}</span>
          <input type="date" name="departure" part="input" required .value=${s.departure} min=${addDays(s.arrival, 1)}
            @change=${(e: Event) => this.onDateTyped('departure', (e.target as HTMLInputElement).value)} />
        </label>
        <div class="field calendar-toggle">
          <button type="button" part="button calendar-button" aria-expanded=${this.calendarOpen ? 'true' : 'false'}
            aria-controls="calendar" @click=${this.toggleCalendar}>
            ${this.calendarOpen ? t.t('hideCalendar') : t.t('showCalendar')}
          </button>
        </div>
        ${this.renderCounter('adults', s.adults, 1, 9)} ${this.renderCounter('children', s.children, 0, 9)}
        ${this.renderCounter('rooms', s.rooms, 1, 9)}
        <div class="field submit">
          <button type="submit" class="primary" part="button search-button">${t.t('search')}</button>
        </div>
        <div id="calendar" class="calendar-panel" ?hidden=${!this.calendarOpen}>
          ${this.calendarOpen
            ? html`<hotel-search-calendar
                exportparts="calendar, day, day-selected"
                .api=${new AvailabilityApi(this.apiBase)}
                .chain=${this.chain}
                .currency=${this.currency.toUpperCase()}
                .adults=${s.adults}
                .childCount=${s.children}
                .translator=${t}
                .today=${today()}
                .arrival=${s.arrival}
                @dates-picked=${this.onDatesPicked}
                @calendar-close=${this.closeCalendar}
              ></hotel-search-calendar>`
            : nothing}
        </div>
      </form>
    `;
  }

  /** With a given answer, what it is for instead of a form: nothing here could be searched anew. */
  private renderStay(given: AvailabilityMultiResponse) {
    const t = this.translator;
    const nights = t.plural('nights', nightsBetween(given.checkin, given.checkout));
    return html`<p class="stay" part="stay">${t.date(given.checkin)} – ${t.date(given.checkout)} · ${nights} · ${t.t('adults')}: ${t.integer(given.adults)}</p>`;
  }

  private renderCounter(name: 'adults' | 'children' | 'rooms', value: number, min: number, max: number) {
    return html`<label class="field counter" part="field">
      <span>${this.translator.t(name)}</span>
      <input type="number" name=${name} part="input" inputmode="numeric" min=${min} max=${max} .value=${String(value)}
        @change=${(e: Event) => {
          const input = e.target as HTMLInputElement;
          const n = Math.min(max, Math.max(min, Math.trunc(Number(input.value)) || min));
          input.value = String(n);
          this.changeSearch({ [name]: n }, false);
        }} />
    </label>`;
  }

  private renderToolbar() {
    const t = this.translator;
    return html`<div class="toolbar" part="toolbar">
      <label class="sort">
        <span>${t.t('sortBy')}</span>
        <select name="sortBy" part="input sort" @change=${(e: Event) => this.changeSearch({ sortBy: (e.target as HTMLSelectElement).value as AvailabilitySortBy })}>
          ${(this.results ? givenSorts(this.results) : SORTS).map((sort) => html`<option value=${sort} ?selected=${this.search.sortBy === sort}>${t.t(`sort.${sort}` as MessageKey)}</option>`)}
        </select>
      </label>
    </div>`;
  }

  private facets() {
    if (this.view.state === 'done') return this.view.response.metadata;
    if (this.view.state === 'loading') return this.view.previous?.metadata;
    return undefined;
  }

  private renderFilters() {
    const t = this.translator;
    const facets = this.facets();
    if (!facets) return html`<div class="filters" part="filters"></div>`;
    const s = this.search;
    const total = Object.values(facets.destinations).reduce((sum, n) => sum + n, 0);
    const currency = this.priceCurrency;
    // A disclosure, open from the start only where there is room for a side column.
    return html`<details class="filters" part="filters" ?open=${this.filtersOpen}
      @toggle=${(e: Event) => (this.filtersOpen = (e.target as HTMLDetailsElement).open)}>
      <summary class="filters-title" part="filters-summary">${t.t('filters')}</summary>
      <fieldset part="facet">
        <legend>${t.t('destination')}</legend>
        ${this.renderOption('radio', 'destination', '', t.t('allDestinations'), total, s.destination === '', () => this.changeSearch({ destination: '' }))}
        ${Object.entries(facets.destinations).map(([name, count]) =>
          this.renderOption('radio', 'destination', name, name, count, s.destination === name, () => this.changeSearch({ destination: name })),
        )}
      </fieldset>
      <fieldset part="facet">
        <legend>${t.t('ratings')}</legend>
        ${Object.entries(facets.ratings)
          .sort(([a], [b]) => Number(b) - Number(a))
          .map(([rating, count]) =>
            this.renderOption('checkbox', 'rating', rating, t.plural('stars', Number(rating)), count, s.ratings.includes(Number(rating)), (on) =>
              this.changeSearch({ ratings: toggled(s.ratings, Number(rating), on) }),
            ),
          )}
      </fieldset>
      <fieldset part="facet">
        <legend>${t.t('boards')}</legend>
        ${Object.entries(facets.boards).map(([code, count]) =>
          this.renderOption('checkbox', 'board', code, this.boardLabel(Number(code)), count, s.boards.includes(Number(code)), (on) =>
            this.changeSearch({ boards: toggled(s.boards, Number(code), on) }),
          ),
        )}
      </fieldset>
      <fieldset part="facet" class="price-range">
        <legend>${t.t('priceRange')} (${currency})</legend>
        <label>
          <span>${t.t('minPrice')}</span>
          <input type="number" name="minPrice" part="input" min="0" inputmode="decimal" .value=${s.minPrice?.toString() ?? ''}
            placeholder=${facets.minPrice === null ? '' : String(Math.floor(facets.minPrice))}
            @change=${(e: Event) => this.changeSearch({ minPrice: priceBound((e.target as HTMLInputElement).value) })} />
        </label>
        <label>
          <span>${t.t('maxPrice')}</span>
          <input type="number" name="maxPrice" part="input" min="0" inputmode="decimal" .value=${s.maxPrice?.toString() ?? ''}
            placeholder=${facets.maxPrice === null ? '' : String(Math.ceil(facets.maxPrice))}
            @change=${(e: Event) => this.changeSearch({ maxPrice: priceBound((e.target as HTMLInputElement).value) })} />
        </label>
      </fieldset>
      <button type="button" part="button clear-filters" @click=${this.clearFilters}
        ?disabled=${!s.destination && !s.ratings.length && !s.boards.length && s.minPrice === undefined && s.maxPrice === undefined}>
        ${t.t('clearFilters')}
      </button>
    </details>`;
  }

  private renderOption(
    type: 'radio' | 'checkbox',
    name: string,
    value: string,
    label: string,
    count: number,
    checked: boolean,
    onChange: (on: boolean) => void,
  ) {
    return html`<label class="option">
      <input type=${type} name=${name} value=${value} .checked=${checked} @change=${(e: Event) => onChange((e.target as HTMLInputElement).checked)} />
      <span>${label}</span> <span class="count">(${this.translator.integer(count)})</span>
    </label>`;
  }

  private renderStatus() {
    const t = this.translator;
    const view = this.view;
    if (view.state === 'failed') {
      const { error } = view;
      const message =
        error.kind === 'rate_limited'
          ? t.t('rateLimited', { seconds: error.retryAfterSeconds ?? 1 })
          : error.kind === 'chain_unknown'
            ? t.t('chainUnknown')
            : error.kind === 'invalid'
              ? t.t('invalid', { reason: error.message })
              : error.kind === 'origin_refused'
                ? t.t('originRefused', { origin: location.origin })
                : t.t('unavailable');
      return html`<div class="error" role="alert" part="error">
        <p>${message}</p>
        ${error.kind === 'rate_limited' || error.kind === 'unavailable'
          ? html`<button type="button" part="button retry-button" @click=${() => this.runSearch()}>${t.t('retry')}</button>`
          : nothing}
      </div>`;
    }
    const text =
      view.state === 'loading'
        ? t.t('searching')
        : view.state === 'done'
          ? view.response.hotels.length === 0
            ? t.t('empty')
            : t.plural('found', view.response.hotels.length)
          : '';
    return html`<p class="status" role="status" part="status" aria-busy=${view.state === 'done' ? 'false' : 'true'}>${text}</p>`;
  }

  private renderResults() {
    const view = this.view;
    const response = view.state === 'done' ? view.response : view.state === 'loading' ? view.previous : undefined;
    if (!response || response.hotels.length === 0) return nothing;
    // From the centre of every hotel at hand in the destination, not only those the filters leave.
    const distances = distancesFromCentres(this.results?.hotels ?? response.hotels);
    const nights = nightsBetween(response.checkin, response.checkout);
    return html`<ul class="results ${view.state === 'loading' ? 'stale' : ''}" part="results">
      ${response.hotels.map((hotel) => this.renderHotel(hotel, response.currency, nights, distances.get(hotel.code)))}
    </ul>`;
  }

  private renderHotel(hotel: Hotel, currency: string, nights: number, km: number | undefined) {
    const t = this.translator;
    const cheapest = hotel.rates[0];
    return html`<li class="card" part="card" data-code=${hotel.code}>
      <div class="photo" part="photo">
        <img src=${hotel.photoM} alt="" loading="lazy" @error=${(e: Event) => ((e.target as HTMLImageElement).hidden = true)} />
      </div>
      <div class="card-body">
        <h3 class="name" part="name">${hotel.name}</h3>
        <p class="stars" part="stars" role="img" aria-label=${t.plural('stars', hotel.rating)}>${'★'.repeat(hotel.rating)}</p>
        <p class="place">
          <span class="destination">${hotel.location.name}</span>${km === undefined ? nothing : html` · <span class="distance">${t.t('fromCentre', { distance: t.distance(km) })}</span>`}
        </p>
        ${cheapest ? html`<p class="board" part="board">${this.boardLabel(cheapest.board)}</p>` : nothing}
      </div>
      <div class="offer">
        <p class="price" part="price">
          <strong>${t.price(hotel.minprice, currency)}</strong>
          <span class="per">${t.t('forNights', { nights: t.plural('nights', nights) })}</span>
        </p>
        <a class="primary book" part="book-link" href=${hotel.targetUrl} aria-label=${t.t('bookHotel', { name: hotel.name })}
          @click=${(e: MouseEvent) => this.onBook(e, hotel, currency)}>${t.t('book')}</a>
      </div>
    </li>`;
  }

  private boardLabel(code: number): string {
    const board = boardByCode(code);
    return board ? this.translator.t(board.messageKey) : String(code);
  }

  private onBook(event: MouseEvent, hotel: Hotel, currency: string): void {
    const detail: HotelSearchSelectDetail = { code: hotel.code, name: hotel.name, price: hotel.minprice, currency, url: hotel.targetUrl };
    const proceed = this.dispatchEvent(new CustomEvent('hotel-search:select', { detail, bubbles: true, composed: true, cancelable: true }));
    if (!proceed) event.preventDefault();
  }

  private readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    this.calendarOpen = false;
    void this.runSearch();
  };

  private onDateTyped(which: 'arrival' | 'departure', value: string): void {
    if (!isCalendarDate(value)) return;
    if (which === 'arrival') {
      const departure = this.search.departure > value ? this.search.departure : addDays(value, 1);
      this.changeSearch({ arrival: value, departure }, false);
    } else {
      this.changeSearch({ departure: value }, false);
    }
  }

  private readonly onDatesPicked = (event: CustomEvent<DatesPicked>): void => {
    this.changeSearch({ arrival: event.detail.arrival, departure: event.detail.departure }, false);
    this.closeCalendar();
  };

  private readonly toggleCalendar = (): void => {
    this.calendarOpen = !this.calendarOpen;
    if (this.calendarOpen) {
      void this.updateComplete.then(() => this.renderRoot.querySelector<PriceCalendarElement>('hotel-search-calendar')?.focusDay());
    }
  };

  private readonly closeCalendar = (): void => {
    this.calendarOpen = false;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('.calendar-toggle button')?.focus());
  };

  private readonly clearFilters = (): void => {
    this.changeSearch({ destination: '', ratings: [], boards: [], minPrice: undefined, maxPrice: undefined });
  };

  static override styles = [sharedStyles, hotelSearchStyles];
}
