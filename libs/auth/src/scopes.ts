import { z } from 'zod';

/**
 * What a key may do with the properties its grants cover: `read` answers questions (every GET and
 * MCP tool), `write` pushes data (`POST /v1/data`). Grants say which properties; scopes say what.
 */
export const Scope = z.enum(['read', 'write']);
export type Scope = z.infer<typeof Scope>;

/** A key stored before scopes existed, or issued without `--scope`, may only read. */
export const DEFAULT_SCOPES: readonly Scope[] = ['read'];

/** Anything that carries scopes, typically an authenticated `ApiKeyPrincipal`. */
export interface ScopeHolder {
  /** Absent: the default, read only. */
  readonly scopes?: readonly Scope[];
}

export function hasScope(holder: ScopeHolder, scope: Scope): boolean {
  return (holder.scopes ?? DEFAULT_SCOPES).includes(scope);
}

/** Reads `read`, `write` or `read,write` as maintainers type it. */
export function parseScopes(text: string): Scope[] {
  const scopes = text.split(',').map((part) => part.trim()).filter(Boolean);
  const parsed = z.array(Scope).min(1).safeParse(scopes);
  if (!parsed.success) throw new Error(`Invalid scopes "${text}": expected read, write or read,write`);
  return [...new Set(parsed.data)];
}
