/**
 * CPU quotas for benchmark processes, the way a Kubernetes CPU limit works: a cgroup whose CFS
 * quota lets its processes run `cores` of a core per period, then throttles them till the next.
 * cgroup v1 (`cpu.cfs_quota_us`, `cpu.cfs_period_us`) or v2 (`cpu.max`); needs root.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const PERIOD_US = 100_000;
const V1_ROOT = '/sys/fs/cgroup/cpu';
const V2_ROOT = '/sys/fs/cgroup';

/** The share of a core each capped process gets, from `--quota` or BENCH_CPU_QUOTA: an error message when it is outside (0, cores]. */
export function parseCpuQuota(text: string | undefined, fallback: number): number | string {
  if (text === undefined || text.trim() === '') return fallback;
  const cores = availableParallelism();
  const quota = Number(text);
  if (!Number.isFinite(quota) || quota <= 0 || quota > cores) {
    return `CPU quota "${text}" must be a number of cores above 0 and at most ${cores} (this machine's cores), e.g. 0.4`;
  }
  return quota;
}

type Hierarchy = { readonly version: 1 | 2; readonly root: string };

/** Where quotas can be written, or why they cannot (not root, read-only, no cpu controller). */
export function findCpuHierarchy(): Hierarchy | { readonly unavailable: string } {
  let hierarchy: Hierarchy;
  if (existsSync(join(V1_ROOT, 'cpu.cfs_quota_us'))) hierarchy = { version: 1, root: V1_ROOT };
  else if (readFileSafe(join(V2_ROOT, 'cgroup.controllers'))?.split(/\s+/).includes('cpu')) hierarchy = { version: 2, root: V2_ROOT };
  else return { unavailable: `no cgroup cpu controller at ${V1_ROOT} (v1) or in ${V2_ROOT}/cgroup.controllers (v2)` };
  const probe = join(hierarchy.root, `hotel-bench-probe-${process.pid}`);
  try {
    // v2 hands the cpu controller to children only when the parent enables it for them.
    if (hierarchy.version === 2) writeFileSync(join(V2_ROOT, 'cgroup.subtree_control'), '+cpu');
    mkdirSync(probe);
    rmdirSync(probe);
  } catch (error) {
    return { unavailable: `cgroups at ${hierarchy.root} are not writable here (${(error as Error).message})` };
  }
  return hierarchy;
}

function readFileSafe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** One cgroup with a CPU quota; `remove()` moves any process left to the parent and deletes it. */
export class CpuQuotaGroup {
  private constructor(readonly path: string) {}

  /**
   * `guaranteed`: the group also outweighs a plain process tenfold (cpu.shares 10240 of 1024, or
   * cpu.weight 1000 of 100), so on a busy machine it still gets its quota, as a pod whose CPU
   * request equals its limit does on a node; the quota still bounds what it can take.
   */
  static create(hierarchy: Hierarchy, name: string, cores: number | null, guaranteed = false): CpuQuotaGroup {
    const path = join(hierarchy.root, name);
    mkdirSync(path);
    const group = new CpuQuotaGroup(path);
    // No cores: weight only, no quota (the load generator's group).
    const quotaUs = cores === null ? null : Math.round(cores * PERIOD_US);
    try {
      if (hierarchy.version === 1) {
        writeFileSync(join(path, 'cpu.cfs_period_us'), String(PERIOD_US));
        if (quotaUs !== null) writeFileSync(join(path, 'cpu.cfs_quota_us'), String(quotaUs));
        if (guaranteed) writeFileSync(join(path, 'cpu.shares'), '10240');
      } else {
        if (quotaUs !== null) writeFileSync(join(path, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
        if (guaranteed) writeFileSync(join(path, 'cpu.weight'), '1000');
      }
    } catch (error) {
      group.remove();
      throw error;
    }
    return group;
  }

  /** Moves the process, every thread of it, into the group. */
  add(pid: number): void {
    writeFileSync(join(this.path, 'cgroup.procs'), String(pid));
  }

  /** Periods so far and those in which the group ran out of quota (`cpu.stat`). */
  throttling(): { periods: number; throttled: number } {
    const stat = readFileSafe(join(this.path, 'cpu.stat')) ?? '';
    const field = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
    return { periods: field('nr_periods'), throttled: field('nr_throttled') };
  }

  remove(): void {
    if (!existsSync(this.path)) return;
    const parent = join(this.path, '..', 'cgroup.procs');
    for (const pid of (readFileSafe(join(this.path, 'cgroup.procs')) ?? '').split('\n').filter(Boolean)) {
      try {
        writeFileSync(parent, pid);
      } catch {
        // Exited meanwhile.
      }
    }
    rmdirSync(this.path);
  }
}
