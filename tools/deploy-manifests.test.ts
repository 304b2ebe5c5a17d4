/**
 * The deploy artefacts (deploy/): every Kubernetes object validated against the official API
 * schemas (kubernetes-models, offline), the settings they carry parsed by the API's own
 * configuration schema, and the compose file checked for what docs/DEPLOY.md promises.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@hotelapi/api/testing';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const DEPLOY = join(import.meta.dirname, '../deploy');

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

function readYaml(path: string): unknown[] {
  // merge: compose files use YAML merge keys (<<) for what the API instances share.
  return parseAllDocuments(readFileSync(path, 'utf8'), { merge: true }).map((document) => {
    if (document.errors.length > 0) throw new Error(`${path}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS();
  });
}

const manifests = readdirSync(join(DEPLOY, 'k8s'))
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .flatMap((file) => readYaml(join(DEPLOY, 'k8s', file)).map((object) => ({ file, object: object as KubernetesObject })));

/** `npm run start:prod` as the argument list a container command is: `node`, its options, the entry point, and nothing else. */
function startProd(): string[] {
  const manifest = JSON.parse(readFileSync(join(DEPLOY, '../package.json'), 'utf8')) as { scripts: Record<string, string> };
  return manifest.scripts['start:prod']?.split(' ') ?? [];
}

function find(kind: string, name = 'hotel-api'): KubernetesObject {
  const found = manifests.find(({ object }) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return found.object;
}

describe('Kubernetes manifests', () => {
  it.each(manifests.map(({ file, object }) => [`${file}: ${object.kind} ${object.metadata.name}`, object] as const))(
    '%s is valid against the Kubernetes API schema',
    async (_name, object) => {
      const { [object.kind]: Model } = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<
        string,
        new (data: unknown) => { validate(): void }
      >;
      expect(Model, `kubernetes-models has no ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  it('has every object the deployment needs', () => {
    const kinds = manifests.map(({ object }) => object.kind).sort();
    expect(kinds).toEqual(['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'Job', 'PodDisruptionBudget', 'Secret', 'Secret', 'Service']);
  });

  it('a schema violation is caught (the validator is not a no-op)', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1/Deployment');
    const broken = structuredClone(find('Deployment'));
    broken['spec'].replicas = 'two';
    expect(() => new Deployment(broken).validate()).toThrow();
  });

  it('probes liveness on /healthz and readiness on /readyz over HTTPS, with resources, exiting before it is killed', () => {
    const deployment = find('Deployment');
    const [container] = deployment['spec'].template.spec.containers;
    expect(container.livenessProbe.httpGet).toMatchObject({ path: '/healthz', scheme: 'HTTPS' });
    expect(container.readinessProbe.httpGet).toMatchObject({ path: '/readyz', scheme: 'HTTPS' });
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    const config = loadConfig(find('ConfigMap')['data']);
    expect(deployment['spec'].template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(config.SHUTDOWN_TIMEOUT_MS);
    expect(find('Job', 'hotel-api-migrate')['spec'].template.spec.containers[0].command).toEqual(['node', 'apps/api/dist/db-migrate.js']);
    // The service starts as `npm run start:prod` starts it, V8 options included.
    expect(container.command).toEqual(startProd());
  });

  it('carries settings the API accepts', () => {
    const settings = { ...find('ConfigMap')['data'], ...find('Secret')['stringData'] };
    const config = loadConfig(settings);
    expect(config.DATABASE_URL).toBeDefined();
    expect(config.REDIS_URL).toBeDefined();
    expect(config.TRUST_PROXY).toEqual(['10.0.0.0/8']);
    expect(config.sandboxKeys).toBe(false);
  });
});

describe('compose file', () => {
  const [compose] = readYaml(join(DEPLOY, 'compose.yaml')) as [{ services: Record<string, { environment?: Record<string, string>; command?: string[] }> }];

  it('runs two API instances behind nginx with PostgreSQL, Redis and a migration step', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'migrate', 'nginx', 'postgres', 'redis']);
    expect(compose.services['migrate']?.command).toEqual(['node', 'apps/api/dist/db-migrate.js']);
    const upstreams = readFileSync(join(DEPLOY, 'nginx/nginx.conf'), 'utf8').match(/server api-\d:8443/g);
    expect(upstreams).toEqual(['server api-1:8443', 'server api-2:8443']);
  });

  it('gives the instances settings the API accepts', () => {
    for (const name of ['api-1', 'api-2']) {
      const config = loadConfig(compose.services[name]?.environment ?? {});
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    }
  });
});

describe('Dockerfile', () => {
  const root = join(DEPLOY, '..');
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  it('copies every workspace manifest before npm ci (npm ci refuses a lock file that names a missing one)', () => {
    const workspaces = ['apps', 'libs'].flatMap((folder) =>
      readdirSync(join(root, folder)).filter((name) => existsSync(join(root, folder, name, 'package.json'))).map((name) => `${folder}/${name}`),
    );
    for (const workspace of [...workspaces, 'tools']) expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('installs optional packages for the build (Nx cannot run without its native binary, one of them)', () => {
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).not.toMatch(/npm ci[^\n]*--omit=optional/);
  });

  it('puts every workspace the API depends on in the runtime image, with its own node_modules', () => {
    const api = JSON.parse(readFileSync(join(root, 'apps/api/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const copied = dockerfile.match(/for workspace in ([^;]+); do/)?.[1]?.split(' ') ?? [];
    const needed = Object.keys(api.dependencies)
      .filter((name) => name.startsWith('@hotelapi/'))
      .map((name) => `libs/${name.slice('@hotelapi/'.length)}`);
    expect(copied).toEqual(expect.arrayContaining(['apps/api', ...needed]));
    expect(dockerfile).toContain('cp -a "$workspace/node_modules"');
    // Read at start by the /llms.txt route, two folders above the API's manifest.
    expect(readFileSync(join(root, 'apps/api/src/routes/llms-txt.ts'), 'utf8')).toContain("'../../docs/llms.txt'");
    expect(dockerfile).toContain('cp docs/llms.txt /runtime/docs/');
    // What CMD starts: `nx run api:bundle` writes it (apps/api/bundle.mjs).
    expect(dockerfile).toContain('npx nx run api:bundle');
    expect(dockerfile).toContain('cp -a apps/api/bundle /runtime/apps/api/');
  });

  it('runs the built service as a non-root user, with a health check', () => {
    expect(dockerfile).toMatch(/^FROM node:24-slim AS runtime$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
    // The image starts the service as `npm run start:prod` does, V8 options included.
    expect(dockerfile).toContain(`\nCMD ${JSON.stringify(startProd()).replaceAll('","', '", "')}\n`);
    // The compile cache it ships is keyed by V8's options: it is warmed with CMD's.
    const options = startProd().slice(1, -1).join(' ');
    expect(dockerfile).toContain(`\nRUN node ${options} apps/api/bundle/warm-compile-cache.js\n`);
  });
});
