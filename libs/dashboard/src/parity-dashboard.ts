import { css, html, LitElement, nothing } from 'lit';
import { failedLoad, getJson, postJson, SignedOut } from './api.js';
import { addDays, isoDate } from './dates.js';
import { chooseLanguage, LANGUAGE_NAMES, LANGUAGES, translator, type Language, type MessageKey, type Translate } from './i18n/messages.js';
import './views/alerts-view.js';
import './views/parity-view.js';
import './views/prices-view.js';
import './views/reviews-view.js';

interface Session {
  readonly signedIn: boolean;
  readonly name: string | null;
  readonly csrfToken: string;
  readonly signIn: { readonly sandbox: boolean; readonly oidc: string | null };
  readonly channels: Readonly<Record<string, string>>;
}
interface ReadableProperty {
  readonly code: string;
  readonly chainCode: string;
}

const VIEWS = ['parity', 'alerts', 'prices', 'reviews'] as const;
type View = (typeof VIEWS)[number];
const SIGN_IN_REASONS: Record<string, MessageKey> = { refused: 'signInRefused', noGrants: 'signInNoGrants', unavailable: 'signInUnavailable', expired: 'signInExpired' };
const DEFAULT_DAYS = 30;

/**
 * The dashboard: sign-in, then a property and date-range picker over four views. Its state lives
 * in the URL (?lang, property, from, to, tolerance, view), so a view can be linked and reloaded.
 */
export class ParityDashboard extends LitElement {
  static override properties = {
    language: { state: true },
    session: { state: true },
    properties: { state: true },
    view: { state: true },
    property: { state: true },
    from: { state: true },
    to: { state: true },
    tolerance: { state: true },
    highlight: { state: true },
    signInReason: { state: true },
    startError: { state: true },
  };
  static override styles = css`
    :host { display: block; font-family: system-ui, sans-serif; color: #101828; background: #f2f4f7; min-height: 100vh; }
    header, main { max-width: 80rem; margin: 0 auto; padding: 0.75rem 1rem; box-sizing: border-box; }
    header { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; justify-content: space-between; }
    h1 { font-size: 1.35rem; margin: 0; }
    .who { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
    form.picker { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin-bottom: 1rem; }
    label { display: grid; gap: 0.2rem; font-size: 0.85rem; }
    input, select, button, a.button { font: inherit; padding: 0.35rem 0.5rem; border: 1px solid #667085; border-radius: 6px; background: #fff; color: #101828; }
    button, a.button { cursor: pointer; }
    a.button, button.primary { background: #1849a9; color: #fff; border-color: #1849a9; text-decoration: none; display: inline-block; }
    :focus-visible { outline: 3px solid #1849a9; outline-offset: 2px; }
    nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem; list-style: none; padding: 0; margin: 0 0 1rem; }
    nav button[aria-current='page'] { background: #1849a9; color: #fff; border-color: #1849a9; }
    .card { background: #fff; border: 1px solid #d0d5dd; border-radius: 10px; padding: 1rem; max-width: 36rem; }
    .signin-actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
    .error { color: #a8071a; }
  `;

  declare language: Language;
  declare session: Session | undefined;
  /** Why the session could not be asked for (the service down, say), shown with a way to try again. */
  declare startError: string | undefined;
  declare properties: readonly ReadableProperty[];
  declare view: View;
  declare property: string;
  declare from: string;
  declare to: string;
  declare tolerance: number;
  declare highlight: string;
  declare signInReason: MessageKey | undefined;
  #t: Translate;

  constructor() {
    super();
    const params = new URLSearchParams(location.search);
    this.language = chooseLanguage(params.get('lang'), navigator.languages);
    this.#t = translator(this.language);
    const today = isoDate(new Date());
    this.from = params.get('from') ?? today;
    this.to = params.get('to') ?? addDays(this.from, DEFAULT_DAYS - 1);
    this.tolerance = Number(params.get('tolerance') ?? 2);
    this.view = (VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as View) : 'parity';
    this.property = params.get('property') ?? '';
    this.highlight = '';
    this.properties = [];
    const reason = SIGN_IN_REASONS[params.get('signIn') ?? ''];
    this.signInReason = reason;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.documentElement.lang = this.language;
    document.body.style.margin = '0';
    void this.#start();
  }

  async #start(): Promise<void> {
    this.startError = undefined;
    const session = await getJson<Session>('/dashboard/api/session', this.language).catch((error: unknown) => failedLoad(this, error));
    if (!session.ok) {
      this.startError = session.message;
      return;
    }
    this.session = session.value;
    if (!session.value.signedIn) return;
    try {
      const listed = await getJson<{ data: ReadableProperty[] }>('/dashboard/api/properties', this.language);
      if (listed.ok) {
        this.properties = listed.value.data;
        if (!this.property) this.property = this.properties[0]?.code ?? '';
      }
      this.#remember();
    } catch (error) {
      this.#signedOut(error);
    }
  }

  #starting() {
    if (this.startError === undefined) return html`<p role="status">${this.#t('loading')}</p>`;
    return html`<div class="card"><p role="alert" class="error">${this.startError}</p><button type="button" @click=${() => void this.#start()}>${this.#t('retry')}</button></div>`;
  }

  #signedOut(error: unknown): void {
    if (!(error instanceof SignedOut)) throw error;
    this.signInReason = 'signInExpired';
    this.session = this.session && { ...this.session, signedIn: false };
  }

  /** The state in the URL, so that a reload or a shared link shows the same. */
  #remember(): void {
    const params = new URLSearchParams({ lang: this.language, property: this.property, from: this.from, to: this.to, tolerance: String(this.tolerance), view: this.view });
    history.replaceState(null, '', `${location.pathname}?${params}`);
  }

  override render() {
    const t = this.#t;
    return html`
      <header>
        <h1>${t('title')}</h1>
        <div class="who">
          <label>${t('language')}
            <select name="language" @change=${(event: Event) => this.#switchLanguage((event.target as HTMLSelectElement).value)}>
              ${LANGUAGES.map((code) => html`<option value=${code} ?selected=${code === this.language} lang=${code}>${LANGUAGE_NAMES[code]}</option>`)}
            </select>
          </label>
          ${this.session?.signedIn
            ? html`<span>${t('signedInAs', { name: this.session.name ?? '' })}</span><button type="button" @click=${() => this.#signOut()}>${t('signOut')}</button>`
            : nothing}
        </div>
      </header>
      <main>${this.session === undefined ? this.#starting() : this.session.signedIn ? this.#dashboard() : this.#signIn()}</main>
    `;
  }

  #signIn() {
    const t = this.#t;
    const session = this.session;
    return html`<section class="card" aria-labelledby="signin-title">
      <h2 id="signin-title">${t('signInTitle')}</h2>
      <p>${t('signInIntro')}</p>
      ${this.signInReason ? html`<p class="error" role="alert">${t(this.signInReason)}</p>` : nothing}
      <div class="signin-actions">
        ${session?.signIn.oidc ? html`<a class="button" href=${session.signIn.oidc}>${t('signInOidc')}</a>` : nothing}
        ${session?.signIn.sandbox ? html`<button class="primary" type="button" @click=${() => this.#signInToSandbox()}>${t('signInSandbox')}</button>` : nothing}
      </div>
    </section>`;
  }

  #dashboard() {
    const t = this.#t;
    const chainCode = this.properties.find((entry) => entry.code === this.property)?.chainCode ?? '';
    const chains = [...new Set(this.properties.map((entry) => entry.chainCode))];
    return html`
      <form class="picker" @submit=${(event: Event) => event.preventDefault()}>
        <label>${t('property')}
          <select name="property" @change=${(event: Event) => this.#set({ property: (event.target as HTMLSelectElement).value })}>
            ${chains.map(
              (chain) => html`<optgroup label=${chain}>
                ${this.properties.filter((entry) => entry.chainCode === chain).map((entry) => html`<option value=${entry.code} ?selected=${entry.code === this.property}>${entry.code}</option>`)}
              </optgroup>`,
            )}
          </select>
        </label>
        <label>${t('from')}<input type="date" name="from" .value=${this.from} @change=${(event: Event) => this.#set({ from: (event.target as HTMLInputElement).value })}></label>
        <label>${t('to')}<input type="date" name="to" .value=${this.to} @change=${(event: Event) => this.#set({ to: (event.target as HTMLInputElement).value })}></label>
        ${this.view === 'parity'
          ? html`<label>${t('tolerance')}<input type="number" name="tolerance" min="0" max="100" step="0.5" .value=${String(this.tolerance)} @change=${(event: Event) => this.#set({ tolerance: Number((event.target as HTMLInputElement).value) })}></label>`
          : nothing}
      </form>
      <nav aria-label=${t('views')}>
        <ul>
          ${VIEWS.map((view) => html`<li><button type="button" aria-current=${view === this.view ? 'page' : 'false'} @click=${() => this.#set({ view })}>${t(view)}</button></li>`)}
        </ul>
      </nav>
      <div @signed-out=${(event: CustomEvent) => this.#signedOut(event.detail)}>${this.property ? this.#view(chainCode) : html`<p role="status">${t('loading')}</p>`}</div>
    `;
  }

  #view(chainCode: string) {
    const common = { t: this.#t, language: this.language };
    switch (this.view) {
      case 'parity':
        return html`<parity-view .t=${common.t} .language=${common.language} .property=${this.property} .from=${this.from} .to=${this.to} .tolerance=${this.tolerance} .highlight=${this.highlight} .channelNames=${this.session?.channels ?? {}}></parity-view>`;
      case 'prices':
        return html`<prices-view .t=${common.t} .language=${common.language} .property=${this.property} .chainCode=${chainCode} .from=${this.from} .to=${this.to}></prices-view>`;
      case 'reviews':
        return html`<reviews-view .t=${common.t} .language=${common.language} .property=${this.property}></reviews-view>`;
      case 'alerts':
        return html`<alerts-view .t=${common.t} .language=${common.language} .property=${this.property} .channelNames=${this.session?.channels ?? {}} @show-date=${(event: CustomEvent<string>) => this.#showDate(event.detail)}></alerts-view>`;
    }
  }

  #set(change: Partial<Pick<ParityDashboard, 'property' | 'from' | 'to' | 'tolerance' | 'view' | 'highlight'>>): void {
    Object.assign(this, { highlight: '' }, change);
    this.#remember();
  }

  /** An alert's arrival date in the grid: the range moves to it when it lies outside. */
  #showDate(date: string): void {
    const inRange = date >= this.from && date <= this.to;
    this.#set({ view: 'parity', highlight: date, ...(inRange ? {} : { from: date, to: addDays(date, DEFAULT_DAYS - 1) }) });
  }

  #switchLanguage(code: string): void {
    this.language = chooseLanguage(code, []);
    this.#t = translator(this.language);
    document.documentElement.lang = this.language;
    this.#remember();
  }

  async #signInToSandbox(): Promise<void> {
    if (!this.session) return;
    const answer = await postJson<{ csrfToken: string }>('/dashboard/api/sign-in/sandbox', this.session.csrfToken).catch(() => undefined);
    if (!answer?.ok) {
      this.signInReason = 'signInRefused';
      return;
    }
    this.signInReason = undefined;
    this.session = undefined;
    await this.#start();
  }

  async #signOut(): Promise<void> {
    if (!this.session) return;
    await postJson('/dashboard/api/sign-out', this.session.csrfToken).catch(() => undefined);
    this.properties = [];
    this.session = undefined;
    await this.#start();
  }
}

customElements.define('parity-dashboard', ParityDashboard);
