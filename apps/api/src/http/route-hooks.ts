/**
 * A route's own hooks of one kind, then `hook`: for plugins that add a hook to the routes that
 * need it as they are declared (an `onRoute` hook), so that other requests do not run it.
 * Fastify takes one hook or a list; the route's own stay first.
 */
export function withHook<Hook extends (...args: never[]) => unknown>(own: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (own === undefined) return [hook];
  return Array.isArray(own) ? [...own, hook] : [own, hook];
}
