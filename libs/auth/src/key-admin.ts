import { addKey, type IssuedApiKey, listKeys, type NewApiKey, revokeKey, type Rotation, rotateKey } from './key-file.js';
import type { ApiKeyListing } from './key-record.js';

/** What `npm run keys` does to a key store, whichever it is. */
export interface KeyAdmin {
  /** Where the keys are, for messages (a file path, or "PostgreSQL"). */
  readonly where: string;
  create(request: NewApiKey): Promise<IssuedApiKey>;
  list(): Promise<ApiKeyListing[]>;
  revoke(keyId: string, now: Date): Promise<ApiKeyListing>;
  rotate(keyId: string, rotation: Rotation): Promise<IssuedApiKey>;
  close(): Promise<void>;
}

/** The key file as a `KeyAdmin`; the API reads it at start, so changes need a restart there. */
export class FileKeyAdmin implements KeyAdmin {
  constructor(readonly where: string) {}
  create(request: NewApiKey) {
    return addKey(this.where, request);
  }
  list() {
    return listKeys(this.where);
  }
  revoke(keyId: string, now: Date) {
    return revokeKey(this.where, keyId, now);
  }
  rotate(keyId: string, rotation: Rotation) {
    return rotateKey(this.where, keyId, rotation);
  }
  /** Nothing is held open between commands. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
