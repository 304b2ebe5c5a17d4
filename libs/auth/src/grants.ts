import { z } from 'zod';

/** A property or chain code as the catalog spells it (`ACME001`, `BLUE`); matched exactly. */
const CatalogCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a property or chain code (letters, digits, _ and -)');

/**
 * What an API key may read. `all` reads every property, `chain` every property of one chain
 * (including properties the chain adds later), `property` exactly one property.
 */
export const Grant = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('chain'), code: CatalogCode }),
  z.object({ kind: z.literal('property'), code: CatalogCode }),
]);
export type Grant = z.infer<typeof Grant>;

/** Anything that carries grants, typically an authenticated `ApiKeyPrincipal`. */
export interface GrantHolder {
  readonly grants: readonly Grant[];
}

/**
 * Synchronous lookup from property code to its chain code (`undefined` for an unknown property).
 * The API builds it once from the catalog so an authorization check never waits on a connector.
 */
export type ChainOfProperty = (propertyCode: string) => string | undefined;

const GRANT_TEXT = /^(?<kind>chain|property):(?<code>.*)$/;

/** Reads a grant as maintainers type it: `all`, `chain:ACME` or `property:ACME001`. */
export function parseGrant(text: string): Grant {
  const match = GRANT_TEXT.exec(text);
  const parsed = Grant.safeParse(text === 'all' ? { kind: 'all' } : match?.groups);
  if (!parsed.success) {
    throw new Error(`Invalid grant "${text}": expected all, chain:CODE or property:CODE`);
  }
  return parsed.data;
}

/** The inverse of `parseGrant`, for lists and logs. */
export function formatGrant(grant: Grant): string {
  return grant.kind === 'all' ? 'all' : `${grant.kind}:${grant.code}`;
}

/**
 * True when the holder may read every property. Such a key learns nothing it could not read
 * anyway from a 404, so the API tells it a property does not exist; any other key gets 403
 * for a property it may not read, whether or not it exists, so codes cannot be probed.
 */
export function readsEverything(holder: GrantHolder): boolean {
  return holder.grants.some((grant) => grant.kind === 'all');
}

/** Whether the holder may read the whole chain (an `all` grant or a grant for that chain). */
export function canReadChain(holder: GrantHolder, chainCode: string): boolean {
  return holder.grants.some((grant) => grant.kind === 'all' || (grant.kind === 'chain' && grant.code === chainCode));
}

/** Whether the holder may read one property, directly or through a grant for its chain. */
export function canReadProperty(holder: GrantHolder, propertyCode: string, chainOf: ChainOfProperty): boolean {
  let chainCode: string | undefined;
  return holder.grants.some((grant) => {
    switch (grant.kind) {
      case 'all':
        return true;
      case 'property':
        return grant.code === propertyCode;
      case 'chain':
        // Looked up only when a chain grant needs it; most keys never pay for it.
        chainCode ??= chainOf(propertyCode);
        return grant.code === chainCode;
    }
  });
}
