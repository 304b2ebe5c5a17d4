import { html, nothing, type TemplateResult } from 'lit';
import type { Loaded } from './api.js';
import type { Translate } from './i18n/messages.js';

/** A view's data: not asked yet or in flight, or what the call gave. */
export type ViewData<T> = { readonly state: 'loading' } | Loaded<T>;

/**
 * Every view's loading, error and stale states alike: a busy status while in flight, the API's
 * reason as an alert when it refused, and the data with a "stale" note when a source is down.
 */
export function viewStates<T>(data: ViewData<T>, t: Translate, draw: (value: T) => TemplateResult): TemplateResult {
  if ('state' in data) return html`<p class="status" role="status" aria-busy="true">${t('loading')}</p>`;
  if (!data.ok) return html`<p class="error" role="alert">${t('errorPrefix')} ${data.message}</p>`;
  return html`${data.stale ? html`<p class="stale" role="status">${t('stale')}</p>` : nothing}${draw(data.value)}`;
}
