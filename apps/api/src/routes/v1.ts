import type { KeyStore } from '@hotelapi/auth';
import type { FastifyInstance } from 'fastify';
import { requireApiKey } from '../plugins/api-key-auth.js';
import type { RateLimitSettings } from '../plugins/rate-limits.js';
import type { ApiServices } from '../services/context.js';
import { shopperRoutes } from './shopper.js';

export interface V1Options {
  readonly services: ApiServices;
  readonly keyStore: KeyStore;
  readonly rateLimits: RateLimitSettings;
}

/**
 * `/v1`: the envelope endpoints, each behind an API key (their own encapsulated context, so the
 * key hook never touches the keyless availability endpoint).
 */
export async function v1Routes(app: FastifyInstance, options: V1Options): Promise<void> {
  await app.register(async (keyed) => {
    keyed.addHook('onRequest', requireApiKey(options.keyStore));
    await keyed.register(shopperRoutes, options);
  });
}
