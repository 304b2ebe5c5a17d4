import { readFileSync } from 'node:fs';

/**
 * `npm run start:prod`, the production start command (`[NAME=value…] node <V8 options…>
 * apps/api/dist/main.js`), split into its environment and its arguments: tests and benchmarks
 * start instances as production does (heap sizes, the allocator's settings), so the memory they
 * measure is production's.
 */
const words: string[] =
  (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts[
    'start:prod'
  ]?.split(' && ').at(-1)?.split(' ') ?? ['node', 'apps/api/dist/main.js'];
const node = words.indexOf('node');
const assignments = words.slice(0, node);
const START_PROD = words.slice(node + 1);

/** The environment the production start command sets. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  assignments.map((assignment) => [assignment.slice(0, assignment.indexOf('=')), assignment.slice(assignment.indexOf('=') + 1)]),
);

/** The Node options of the production start command. */
export const PRODUCTION_NODE_OPTIONS: readonly string[] = START_PROD.slice(0, -1);

/** The production entry point, relative to the repository's root. */
export const PRODUCTION_ENTRY_POINT: string = START_PROD.at(-1) ?? 'apps/api/dist/main.js';
