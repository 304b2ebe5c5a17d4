import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** What `nx run dashboard:build` wrote: the page's entry script, named by its content hash. */
interface DashboardManifest {
  readonly script: string;
}

export interface DashboardAssets {
  /** The entry script's URL path, e.g. /dashboard/assets/dashboard-3FQ2K7.js */
  readonly scriptPath: string;
}

const ASSETS_PATH = '/dashboard/assets';
const ONE_YEAR_SECONDS = 31_536_000;
const CODINGS = ['br', 'gzip'] as const;
const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/**
 * Serves the built dashboard's script, precompressed (libs/dashboard/tools/precompress.mjs),
 * immutable under its content-hashed name. Undefined when the dashboard is not built.
 */
export async function dashboardAssetRoutes(app: FastifyInstance): Promise<DashboardAssets | undefined> {
  let dist: string;
  let manifest: DashboardManifest;
  try {
    const path = createRequire(import.meta.url).resolve('@hotelapi/dashboard/manifest.json');
    dist = dirname(path);
    manifest = JSON.parse(await readFile(path, 'utf8')) as DashboardManifest;
  } catch {
    app.log.warn('The dashboard is not built (npx nx run dashboard:build): /dashboard serves no page.');
    return undefined;
  }
  const plain = await readFile(join(dist, manifest.script));
  const compressed = new Map<string, Buffer>();
  for (const coding of CODINGS) {
    const bytes = await readFile(join(dist, `${manifest.script}${EXTENSION[coding]}`)).catch(() => undefined);
    if (bytes) compressed.set(coding, bytes);
  }
  const codings = [...compressed.keys()];
  const scriptPath = `${ASSETS_PATH}/${manifest.script}`;

  // Sent as built: the compression plugin would only compress again what is compressed already.
  app.get(scriptPath, { schema: { hide: true }, compress: false }, async (request, reply) => {
    const coding = codings.length ? negotiate(request.headers['accept-encoding'] ?? '', codings) : null;
    void reply
      .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header('vary', 'accept-encoding')
      .type('text/javascript; charset=utf-8');
    if (!coding) return reply.send(plain);
    return reply.header('content-encoding', coding).send(compressed.get(coding));
  });
  return { scriptPath };
}
