import { readFileSync } from 'node:fs';

/**
 * `npm run start:prod`, the production start command (`node <V8 options…> apps/api/bundle/main.js`,
 * nothing else: tools/deploy-manifests.test.ts holds it to the image's CMD), split into its options
 * and its entry point: tests and benchmarks start instances as production does (heap sizes, when
 * marking starts), so the memory they measure is production's.
 */
const [, ...START_PROD] =
  (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts[
    'start:prod'
  ]?.split(' ') ?? ['node', 'apps/api/bundle/main.js'];

/** The Node options of the production start command. */
export const PRODUCTION_NODE_OPTIONS: readonly string[] = START_PROD.slice(0, -1);

/** The production entry point, relative to the repository's root. */
export const PRODUCTION_ENTRY_POINT: string = START_PROD.at(-1) ?? 'apps/api/bundle/main.js';
