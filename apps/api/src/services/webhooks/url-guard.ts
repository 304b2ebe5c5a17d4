import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_URL_MAX } from '@hotelapi/domain';
import { ApiFailure } from '../../failures/api-failure.js';
import { isPublicAddress } from './public-address.js';

/** Refused without a lookup: `localhost` and its subdomains (RFC 6761), and names that only resolve locally. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain)\.?$/i;

export interface UrlGuard {
  /** Private addresses allowed (WEBHOOK_ALLOW_PRIVATE). */
  readonly allowPrivate: boolean;
  /** Name resolution; tests may pin it. */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
}

/**
 * Checks a webhook URL before it is stored: HTTPS, no credentials, at most 2,048 characters, and a
 * host whose every address is public (unless private ones are allowed). A 400 otherwise. The
 * address is checked again at each delivery's connection (delivery-agent.ts), against DNS rebinding.
 */
export async function checkWebhookUrl(text: string, guard: UrlGuard): Promise<URL> {
  const invalid = (why: string) => new ApiFailure('webhook_url_invalid', `url ${why}.`, { param: 'url' });
  if (text.length > WEBHOOK_URL_MAX) throw invalid(`must be at most ${WEBHOOK_URL_MAX} characters`);
  if (!URL.canParse(text)) throw invalid('is not an absolute URL');
  const url = new URL(text);
  if (url.protocol !== 'https:') throw invalid('must be an https:// URL');
  if (url.username || url.password) throw invalid('must not hold credentials');
  if (url.hash) throw invalid('must not have a fragment');
  if (guard.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const privateHost = () => new ApiFailure('webhook_url_private', `url must reach a public address; ${host} is not one.`, { param: 'url' });
  if (LOCAL_NAMES.test(host)) throw privateHost();
  const addresses = isIP(host) ? [host] : await resolveAll(host, guard).catch(() => {
    throw invalid(`host ${host} does not resolve`);
  });
  if (addresses.length === 0) throw invalid(`host ${host} does not resolve`);
  if (!addresses.every(isPublicAddress)) throw privateHost();
  return url;
}

async function resolveAll(host: string, guard: UrlGuard): Promise<readonly string[]> {
  if (guard.resolve) return guard.resolve(host);
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}
