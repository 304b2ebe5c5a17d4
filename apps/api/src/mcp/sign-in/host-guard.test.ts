import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allowedHosts, refuseForeignHosts } from './host-guard.js';

const withHost = (host: string | undefined) => ({ headers: { host } }) as FastifyRequest;

describe('allowedHosts', () => {
  it('defaults to the listening host, the resource URL host and the loopback names', () => {
    expect(allowedHosts({ configured: undefined, listeningHost: 'api.internal', resourceUrl: 'https://hotels.example/mcp' })).toEqual([
      'api.internal',
      'hotels.example',
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
  });

  it('adds nothing for a wildcard listening address, and brackets an IPv6 one', () => {
    expect(allowedHosts({ configured: undefined, listeningHost: '0.0.0.0', resourceUrl: undefined })).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(allowedHosts({ configured: undefined, listeningHost: 'fd00::5', resourceUrl: undefined })[0]).toBe('[fd00::5]');
  });

  it('takes a configured list as the whole list', () => {
    expect(allowedHosts({ configured: ['hotels.example:8443'], listeningHost: 'localhost', resourceUrl: undefined })).toEqual(['hotels.example:8443']);
  });
});

describe('refuseForeignHosts', () => {
  const guard = refuseForeignHosts(['hotels.example:8443', 'localhost', 'Other.Example']);

  it.each(['hotels.example:8443', 'HOTELS.example:8443', 'localhost', 'localhost:1', 'other.example'])('serves Host %s', async (host) => {
    await expect(guard(withHost(host))).resolves.toBeUndefined();
  });

  it.each(['hotels.example', 'hotels.example:443', 'evil.example', 'localhost.evil.example', 'localhost/path', undefined])(
    'refuses Host %s with host_not_allowed',
    async (host) => {
      await expect(guard(withHost(host))).rejects.toMatchObject({ code: 'host_not_allowed', status: 403 });
    },
  );
});
