import type { KeyStore } from '@hotelapi/auth';
import type { ChainAdmission } from '../admission/chain-admission.js';
import type { ApiServices } from '../services/context.js';

/** What every `/v1` route plugin is registered with: the services it adapts, the key store and chain admission. */
export interface V1RouteOptions {
  readonly services: ApiServices;
  readonly keyStore: KeyStore;
  /** Admission of chain-availability computations (shared answers, heavy-work gate). */
  readonly admitChainRequest: ChainAdmission;
}
