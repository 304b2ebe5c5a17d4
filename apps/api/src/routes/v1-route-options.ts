import type { KeyStore } from '@hotelapi/auth';
import type { WriteThreadData } from '../services/admission/write-messages.js';
import type { ApiServices } from '../services/context.js';
import type { WebhookContext } from '../services/webhooks/subscriptions.js';

/** What every `/v1` route plugin is registered with: the services it adapts and the key store. */
export interface V1RouteOptions {
  readonly services: ApiServices;
  readonly keyStore: KeyStore;
  /** `POST /v1/data`'s limits. */
  readonly dataPush: DataPushLimits;
  /** `/v1/webhooks`; absent, no webhook routes. */
  readonly webhooks?: WebhookContext;
}

export interface DataPushLimits {
  readonly bodyLimitBytes: number;
  readonly maxRecords: number;
  /** Pushes per rate-limit window for each API key, apart from its reads. */
  readonly perKey: number;
  /** PostgreSQL, where pushes are written from a thread of their own (services/admission/write-worker.ts); absent, through the connectors. */
  readonly store?: WriteThreadData;
}
