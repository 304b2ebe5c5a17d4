// The layers of the code, checked by `npm run depcruise` (part of the `lint` of every project
// through `npm test`). Lower layers never import higher ones; nothing imports in a circle, type-only
// imports included. See apps/api/src/services/README.md.
//
//   libs/domain                  the contract: schemas, rules, the error catalogue (imports no other lib)
//   libs/*                       connectors, auth, i18n, widget, client-sdk (never import apps)
//   apps/api/src/failures        the errors the API raises on purpose (no Fastify, no HTTP)
//   apps/api/src/services        the application: one answer to each question, admission of heavy work
//   apps/api/src/{http,routes,mcp}  the edges: HTTP or MCP in, envelope or tool result out
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports count): the modules can no longer be understood, or moved, one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'libs-not-apps',
      severity: 'error',
      comment: 'A library is used by the apps, never the other way round.',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-imports-no-lib',
      severity: 'error',
      comment: 'The domain is the bottom layer: it imports no other library of ours.',
      from: { path: '^libs/domain/' },
      to: { path: '^libs/(?!domain/)' },
    },
    {
      name: 'services-below-edges',
      severity: 'error',
      comment: 'Services answer every caller alike: they import nothing from the HTTP, route or MCP edges, nor Fastify.',
      from: { path: '^apps/api/src/(services|failures)/' },
      to: { path: ['^apps/api/src/(http|routes|mcp|observability)/', '^apps/api/src/app\\.ts$', 'node_modules/(fastify|@fastify|fastify-plugin)/'] },
    },
    {
      name: 'failures-below-services',
      severity: 'error',
      comment: 'The failures are the bottom of the app: services and edges raise them, they import neither.',
      from: { path: '^apps/api/src/failures/' },
      to: { path: '^apps/api/src/(?!failures/)' },
    },
    {
      name: 'observability-below-edges',
      severity: 'error',
      comment: 'Metrics and logs are told about requests by the edges; they import no route, MCP handler or service.',
      from: { path: '^apps/api/src/observability/' },
      to: { path: '^apps/api/src/(routes|mcp|services)/' },
    },
    {
      name: 'http-plumbing-below-routes',
      severity: 'error',
      comment: 'The HTTP plumbing serves routes and the MCP endpoint; it does not know them.',
      from: { path: '^apps/api/src/http/' },
      to: { path: '^apps/api/src/(routes|mcp)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^apps/api/bundle/', '(^|/)out-tsc/'] },
    // Type-only imports are dependencies too: a type cycle still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // Our libraries resolve to their sources, as they do for TypeScript and the tests.
      conditionNames: ['@hotelapi/source', 'import', 'types', 'default', 'node'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
