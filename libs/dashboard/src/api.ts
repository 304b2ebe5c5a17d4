import type { Language } from './i18n/messages.js';

/** What one of the dashboard's JSON calls gave: its data, or the API's reason in its words. */
export type Loaded<T> =
  | { readonly ok: true; readonly value: T; readonly stale: boolean }
  | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string };

/** Raised when the session is gone (expired, signed out, forged): the page goes back to sign-in. */
export class SignedOut extends Error {}

/** A same-origin GET with the session cookie, in the page's language. */
export async function getJson<T>(path: string, language: Language): Promise<Loaded<T>> {
  return answerOf<T>(await fetch(path, { headers: { accept: 'application/json', 'accept-language': language }, credentials: 'same-origin' }));
}

/** A same-origin POST carrying the session's CSRF token. */
export async function postJson<T>(path: string, csrfToken: string): Promise<Loaded<T>> {
  return answerOf<T>(await fetch(path, { method: 'POST', headers: { accept: 'application/json', 'x-csrf-token': csrfToken }, credentials: 'same-origin' }));
}

async function answerOf<T>(response: Response): Promise<Loaded<T>> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string }; metadata?: { stale?: boolean } } | null;
  if (response.status === 401) throw new SignedOut(body?.error?.message ?? 'signed out');
  if (!response.ok) {
    return { ok: false, status: response.status, code: body?.error?.code ?? 'unknown', message: body?.error?.message ?? response.statusText };
  }
  return { ok: true, value: body as T, stale: body?.metadata?.stale === true || response.headers.get('x-data-stale') === 'true' };
}

/** A view's call that failed: a lost session is told to the page (which shows sign-in), anything else shown in place. */
export function failedLoad(from: HTMLElement, error: unknown): Loaded<never> {
  if (!(error instanceof SignedOut)) return { ok: false, status: 0, code: 'network', message: String(error) };
  from.dispatchEvent(new CustomEvent('signed-out', { detail: error, bubbles: true, composed: true }));
  return { ok: false, status: 401, code: 'access_token_invalid', message: error.message };
}
