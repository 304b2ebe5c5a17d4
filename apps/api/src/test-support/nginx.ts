import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { acceptsConnections, findServer } from './real-servers.js';

export const NGINX = findServer(['nginx', '/usr/sbin/nginx']);

export interface NginxOptions {
  /** Loopback port nginx listens on, with TLS. */
  readonly port: number;
  /** Ports of the API instances on 127.0.0.1 (they speak HTTPS). */
  readonly upstreamPorts: readonly number[];
  readonly certFile: string;
  readonly keyFile: string;
}

/**
 * The load balancer of docs/DEPLOY.md, on loopback: TLS in front, HTTPS to the instances over
 * kept-alive connections, and a failed or refusing instance's idempotent request retried on the
 * next one. Everything it writes lives in a temporary directory.
 */
export function nginxConfig(options: NginxOptions, directory: string): string {
  const asRoot = process.getuid?.() === 0;
  return `
${asRoot ? 'user root root;' : ''}
daemon off;
worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${directory}/client_body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;

  upstream hotel_api {
    least_conn;
${options.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${options.port} ssl;
    ssl_certificate ${options.certFile};
    ssl_certificate_key ${options.keyFile};

    location / {
      proxy_pass https://hotel_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_ssl_session_reuse on;
      # An instance that is gone, stopping (503) or failing is skipped; nginx retries only
      # idempotent requests on the next one, so a GET is never lost and a POST never doubled.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export class TestNginx {
  private constructor(
    private readonly child: ChildProcess,
    private readonly directory: string,
  ) {}

  static async start(options: NginxOptions): Promise<TestNginx> {
    if (!NGINX) throw new Error('nginx not found');
    const directory = await mkdtemp(join(tmpdir(), 'hotel-api-nginx-'));
    const configFile = join(directory, 'nginx.conf');
    await writeFile(configFile, nginxConfig(options, directory));
    let output = '';
    const child = spawn(NGINX, ['-p', directory, '-c', configFile, '-e', join(directory, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const nginx = new TestNginx(child, directory);
    for (let attempt = 0; attempt < 100; attempt++) {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      if (await acceptsConnections(options.port)) return nginx;
      await delay(50);
    }
    await nginx.stop();
    throw new Error(`nginx did not listen on ${options.port}: ${output}`);
  }

  /** nginx's error log so far (why a request failed, when one did). */
  errorLog(): Promise<string> {
    return readFile(join(this.directory, 'error.log'), 'utf8').catch(() => '');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      await new Promise<void>((resolve) => {
        this.child.once('exit', () => resolve());
        this.child.kill('SIGQUIT');
      });
    }
    await rm(this.directory, { recursive: true, force: true });
  }
}
