export { cacheFigures, declaredCaches, type CacheDeclaration, type CacheFigures } from './cache-registry.js';
export { cacheTable } from './cache-table.js';
export { CountedCache, declareCache, type CacheOptions, type DeclaredCache } from './declared-cache.js';
export { SecondSight } from './second-sight.js';
