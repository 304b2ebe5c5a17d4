import type { CacheDeclaration } from './cache-registry.js';

const number = new Intl.NumberFormat('en');

/** The caches as a Markdown table (name, key, bound, TTL, invalidation), for docs/OPERATIONS.md. */
export function cacheTable(declarations: readonly CacheDeclaration[]): string {
  const rows = declarations.map((cache) => `| \`${cache.name}\` | ${cache.key} | ${boundOf(cache)} | ${ttlOf(cache)} | ${cache.invalidation} |`);
  return ['| Cache | Key | Bound (each instance) | TTL | Invalidation |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

function boundOf({ max, maxSetting, maxSize }: CacheDeclaration): string {
  const entries = maxSetting ? `\`${maxSetting}\` (default ${number.format(max)}) entries` : `${number.format(max)} entries`;
  return maxSize ? `${entries} and ${number.format(maxSize.limit)} ${maxSize.unit}` : entries;
}

function ttlOf({ ttlMs, ttlSetting }: CacheDeclaration): string {
  const time = ttlMs === undefined ? 'none' : ttlMs % 60_000 === 0 ? `${number.format(ttlMs / 60_000)} min` : ttlMs % 1000 === 0 ? `${number.format(ttlMs / 1000)} s` : `${number.format(ttlMs)} ms`;
  return ttlSetting ? `\`${ttlSetting}\`${ttlMs === undefined ? '' : ` (default ${time})`}` : time;
}
