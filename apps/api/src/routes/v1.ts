import type { KeyStore } from '@hotelapi/auth';
import type { FastifyInstance } from 'fastify';
import type { ChainAdmission } from '../admission/chain-admission.js';
import { requireApiKey } from '../plugins/api-key-auth.js';
import type { ApiServices } from '../services/context.js';
import { availabilityRoutes } from './availability.js';
import { reviewsRoutes } from './reviews.js';
import { shopperRoutes } from './shopper.js';

export interface V1Options {
  readonly services: ApiServices;
  readonly keyStore: KeyStore;
  /** Admission of chain-availability computations (shared answers, heavy-work gate). */
  readonly admitChainRequest: ChainAdmission;
}

/**
 * `/v1`: the envelope endpoints, each behind an API key (their own encapsulated context, so the
 * key hook never touches the keyless availability endpoint).
 */
export async function v1Routes(app: FastifyInstance, { services, keyStore, admitChainRequest }: V1Options): Promise<void> {
  // Only our own options travel on: Fastify's (such as `prefix`) must not apply twice.
  const options: V1Options = { services, keyStore, admitChainRequest };
  await app.register(async (keyed) => {
    keyed.addHook('onRequest', requireApiKey(keyStore));
    await keyed.register(shopperRoutes, options);
    await keyed.register(reviewsRoutes, options);
  });
  await app.register(availabilityRoutes, options);
}
