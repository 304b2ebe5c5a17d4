import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/out-tsc', '**/node_modules', 'reports', '**/vitest.config.*.timestamp*'] },
  {
    files: ['**/*.ts', '**/*.mts', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [
            '^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$',
            '^.*/vitest\\.shared(\\.js)?$',
            // The API's published test entry points: end-to-end tests and benchmarks start the real server
            // (and the real browser); db:migrate runs the same migration sets the API's start-up check requires;
            // docs:config writes docs/CONFIGURATION.md from the configuration schema.
            '^@hotelapi/api/(testing|benchmark|browser|migration-sets|config)$',
          ],
          depConstraints: [
            // The domain is the single source of truth: it depends on no other workspace library.
            { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: [] },
            // One way to declare a cache, for every library that keeps one: it depends on nothing of ours.
            { sourceTag: 'scope:caches', onlyDependOnLibsWithTags: [] },
            // The published client ships no server code: domain types only.
            { sourceTag: 'scope:client-sdk', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:i18n', onlyDependOnLibsWithTags: ['scope:domain', 'scope:caches'] },
            { sourceTag: 'scope:auth', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:connectors', onlyDependOnLibsWithTags: ['scope:domain', 'scope:caches'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:domain', 'scope:connectors', 'scope:i18n', 'scope:auth', 'scope:caches'] },
            // The published widget runs in browsers: the client SDK's types and the domain's pure rules (its tests compare texts with i18n).
            { sourceTag: 'scope:widget', onlyDependOnLibsWithTags: ['scope:domain', 'scope:client-sdk', 'scope:i18n', 'scope:caches'] },
            // The dashboard runs in browsers: only the domain's types of the answers it draws.
            { sourceTag: 'scope:dashboard', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
];
