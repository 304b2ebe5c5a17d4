import { parseGrant, type Grant } from '@hotelapi/auth';

/** Our scopes: the API key grants (`all`, `chain:CODE`, `property:CODE`) under one prefix. */
const SCOPE_PREFIX = 'hotel:';

/** A claim an authorization server may fill instead of scopes: grant texts, as API keys hold them. */
export const GRANTS_CLAIM = 'hotel_grants';

/**
 * The grants an access token carries, the same as an API key's: from its `scope`
 * (`hotel:all`, `hotel:chain:ACME`, `hotel:property:ACME001`, space-separated) and from the
 * `hotel_grants` claim (`["chain:ACME"]`). Scopes of other resources (`openid`, `offline_access`)
 * are ignored, and so is anything malformed: a token grants only what it spells correctly.
 */
export function grantsOfToken(claims: Readonly<Record<string, unknown>>): Grant[] {
  const scopes = typeof claims['scope'] === 'string' ? claims['scope'].split(' ') : [];
  const fromScopes = scopes.filter((scope) => scope.startsWith(SCOPE_PREFIX)).map((scope) => scope.slice(SCOPE_PREFIX.length));
  const claimed = claims[GRANTS_CLAIM];
  const fromClaim = Array.isArray(claimed) ? claimed.filter((text): text is string => typeof text === 'string') : [];
  return [...new Set([...fromScopes, ...fromClaim])].flatMap((text) => {
    try {
      return [parseGrant(text)];
    } catch {
      return [];
    }
  });
}
