export { ApiKeyMode, API_KEY_ID_PATTERN, generateApiKey, generateApiKeyId, hashApiKey, looksLikeApiKey } from './api-key.js';
export {
  Grant,
  canReadChain,
  canReadProperty,
  formatGrant,
  parseGrant,
  readsEverything,
  type ChainOfProperty,
  type GrantHolder,
} from './grants.js';
export { DEFAULT_SCOPES, Scope, hasScope, parseScopes, type ScopeHolder } from './scopes.js';
export { ApiKeyListing, KeyFileContents, StoredApiKey } from './key-record.js';
export { KeyFileError, addKey, listKeys, readKeyFile, revokeKey, writeKeyFile, type IssuedApiKey, type NewApiKey } from './key-file.js';
export { HashIndexedKeyStore, type ApiKeyPrincipal, type KeyStore } from './key-store.js';
export { loadKeyStore, type KeyStoreOptions } from './file-key-store.js';
export {
  SANDBOX_API_KEYS,
  SANDBOX_KEY,
  SANDBOX_KEY_GRANTS,
  SANDBOX_LIMITED_KEY,
  SANDBOX_LIMITED_KEY_GRANTS,
  type SandboxApiKey,
} from './sandbox-keys.js';
export { entriesOf, sandboxEntries } from './file-key-store.js';
export { issueKey, rotateKey, type Rotation } from './key-file.js';
export { type KeyIndexEntry } from './key-store.js';
export { FileKeyAdmin, type KeyAdmin } from './key-admin.js';
