/** What a cache is, said once where it is declared: the metrics and docs/OPERATIONS.md read it from here. */
export interface CacheDeclaration {
  /** Kebab-case; the `cache` label in /metrics. */
  readonly name: string;
  /** What an entry's key is made of. */
  readonly key: string;
  /** Most entries an instance keeps (the default, where a setting chooses it). */
  readonly max: number;
  /** The setting that chooses the bound where it is configured (the instance is given it). */
  readonly maxSetting?: string;
  /** A second bound where entries differ in size: the most units of `unit` an instance keeps. */
  readonly maxSize?: { readonly limit: number; readonly unit: string };
  /** How long an entry is kept, in milliseconds; absent: until it is evicted or invalidated. */
  readonly ttlMs?: number;
  /** The setting that chooses the TTL where it is configured (the instance is given it). */
  readonly ttlSetting?: string;
  /** What makes an entry wrong before its time, and how the cache learns it. */
  readonly invalidation: string;
}

/** A declared cache's lookups and entries, read when /metrics is scraped. */
export interface CacheFigures {
  readonly name: string;
  readonly hits: number;
  readonly misses: number;
  readonly entries: number;
}

/** A declaration's counts, shared by its instances. */
export interface Registration {
  hits: number;
  misses: number;
  track(instance: { readonly size: number }): void;
}

interface Entry extends Registration {
  readonly declaration: CacheDeclaration;
  readonly instances: Set<WeakRef<{ readonly size: number }>>;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** Instances tracked before forgotten ones are swept (one per app, connector or route: few). */
const SWEEP_AT = 64;

/** Process-wide: caches declared in any library show up in the metrics of the app that scrapes. */
const caches = new Map<string, Entry>();

export function registered(declaration: CacheDeclaration): Registration {
  if (!NAME.test(declaration.name)) throw new Error(`A cache name is kebab-case: ${JSON.stringify(declaration.name)}.`);
  if (caches.has(declaration.name)) throw new Error(`The cache ${declaration.name} is declared twice.`);
  const instances = new Set<WeakRef<{ readonly size: number }>>();
  const entry: Entry = {
    declaration,
    instances,
    hits: 0,
    misses: 0,
    track(instance) {
      if (instances.size >= SWEEP_AT) sweep(instances);
      instances.add(new WeakRef(instance));
    },
  };
  caches.set(declaration.name, entry);
  return entry;
}

/** Every cache declared so far in this process, by name. */
export function declaredCaches(): CacheDeclaration[] {
  return [...caches.values()].map((entry) => entry.declaration).sort((a, b) => a.name.localeCompare(b.name));
}

/** Each declared cache's lookups so far and entries now (summed over its live instances). */
export function cacheFigures(): CacheFigures[] {
  return [...caches.values()].map(({ declaration, hits, misses, instances }) => {
    sweep(instances);
    let entries = 0;
    for (const instance of instances) entries += instance.deref()?.size ?? 0;
    return { name: declaration.name, hits, misses, entries };
  });
}

function sweep(instances: Set<WeakRef<{ readonly size: number }>>): void {
  for (const instance of instances) if (!instance.deref()) instances.delete(instance);
}
