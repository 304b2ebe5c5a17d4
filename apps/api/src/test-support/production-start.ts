import { readFileSync } from 'node:fs';

/**
 * `npm run start:prod`, the production start command (`node <V8 options…> apps/api/dist/main.js`),
 * as an argument list: tests and benchmarks start instances with the same V8 options (heap sizes)
 * as production, so the memory they measure is production's.
 */
const START_PROD: string[] =
  (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts[
    'start:prod'
  ]
    ?.split(' ')
    .slice(1) ?? ['apps/api/dist/main.js'];

/** The Node options of the production start command. */
export const PRODUCTION_NODE_OPTIONS: readonly string[] = START_PROD.slice(0, -1);

/** The production entry point, relative to the repository's root. */
export const PRODUCTION_ENTRY_POINT: string = START_PROD.at(-1) ?? 'apps/api/dist/main.js';
