import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';
import { checkWebhookUrl } from './url-guard.js';

describe('webhook URL guard', () => {
  it('takes public addresses only, IPv4 and IPv6, judging an IPv4-mapped IPv6 address as its IPv4', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
    const refused = ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1'];
    refused.push('::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', 'ff02::1', 'not-an-address');
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses what is not HTTPS, malformed, too long, or private, with the catalogue’s codes', async () => {
    const guard = { allowPrivate: false, resolve: async (host: string) => (host === 'rebind.example' ? ['10.0.0.7'] : ['93.184.215.14']) };
    const cases: [string, string][] = [
      ['http://hooks.example/in', 'webhook_url_invalid'],
      ['hooks.example/in', 'webhook_url_invalid'],
      ['https://user:pw@hooks.example/in', 'webhook_url_invalid'],
      [`https://hooks.example/${'a'.repeat(2_048)}`, 'webhook_url_invalid'],
      ['https://localhost/in', 'webhook_url_private'],
      ['https://api.localhost/in', 'webhook_url_private'],
      ['https://127.0.0.1/in', 'webhook_url_private'],
      ['https://[::1]/in', 'webhook_url_private'],
      ['https://[::ffff:7f00:1]/in', 'webhook_url_private'],
      ['https://169.254.169.254/latest/meta-data', 'webhook_url_private'],
      ['https://rebind.example/in', 'webhook_url_private'],
    ];
    for (const [url, code] of cases) await expect(checkWebhookUrl(url, guard), url).rejects.toMatchObject({ code, param: 'url' });
    expect((await checkWebhookUrl('https://hooks.example/in', guard)).href).toBe('https://hooks.example/in');
    expect((await checkWebhookUrl('https://127.0.0.1:8443/in', { allowPrivate: true })).port).toBe('8443');
  });
});
