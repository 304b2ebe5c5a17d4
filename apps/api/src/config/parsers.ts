import { isIP } from 'node:net';
import { ChannelType } from '@hotelapi/domain';
import { z } from 'zod';

/** How environment values are read: each parser takes the text an operator wrote. */

export const positiveInt = z.coerce.number().int().positive();
export const count = z.coerce.number().int().min(0);

/** Environment booleans: only the spellings an operator means, never "any non-empty string". */
export const envBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A comma list, blanks dropped. */
export const commaList = z.string().transform((raw) => raw.split(',').map((entry) => entry.trim()).filter(Boolean));

/** Display names of channels, as `OTA_01=Name,CRS_01=Name`. */
export const channelNames = z.string().transform((raw, ctx) => {
  const names: Partial<Record<ChannelType, string>> = {};
  for (const pair of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [code, ...rest] = pair.split('=');
    const channel = ChannelType.safeParse(code?.trim());
    const name = rest.join('=').trim();
    if (!channel.success || !name) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not CHANNEL_CODE=Display name with a known channel code` });
      return z.NEVER;
    }
    names[channel.data] = name;
  }
  return names;
});

/** proxy-addr's names for address ranges, accepted next to addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** `false` none; `true` the nearest hop (1), whoever it is; or the proxies' addresses and CIDR ranges. */
export const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim();
  if (value === 'true' || value === '1') return 1;
  if (value === 'false' || value === '0') return false;
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({ code: 'custom', message: `expected true, false or a comma list of addresses and CIDR ranges; not ${wrong.join(', ') || 'empty'}` });
    return z.NEVER;
  }
  return entries;
});

/** A URL whose scheme is one of `schemes`, said in those words when it is not. */
export function urlWith(...schemes: readonly string[]) {
  return z.url({
    protocol: new RegExp(`^(${schemes.join('|')})$`),
    error: `must be a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`,
  });
}
