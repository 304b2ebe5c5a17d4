import { execFile, execFileSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, 'need-node.mjs');

/** The machine's own older Node (these machines' system Node is 20), outside node_modules. */
function olderNode(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    try {
      const version = execFileSync(join(dir, 'node'), ['--version'], { encoding: 'utf8' });
      if (Number(version.slice(1).split('.')[0]) < 24) return join(dir, 'node');
    } catch {
      // no node here
    }
  }
  return undefined;
}
const OLD_NODE = olderNode();

/** need-node.mjs as it runs on `node`, on a machine that says it is `platform`. */
async function needNode(node: string, platform?: { os: string; cpu: string }) {
  const pretend = platform
    ? `Object.defineProperty(process, 'platform', { value: '${platform.os}' }); Object.defineProperty(process, 'arch', { value: '${platform.cpu}' });`
    : '';
  const args = ['--input-type=module', '-e', `${pretend} await import(${JSON.stringify(`file://${SCRIPT}`)});`];
  return run(node, args).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('need-node.mjs, the first step of every npm script', () => {
  it('lets the project’s Node 24 through without a word', async () => {
    expect(await needNode(process.execPath)).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  describe.skipIf(!OLD_NODE && !process.env['CI'])(`on an older Node (${OLD_NODE ?? 'none on PATH: skipped'})`, () => {
    it('stops with one line: which Node, and that `npm ci` brings it on this platform', async () => {
      const { code, stdout, stderr } = await needNode(OLD_NODE ?? 'node', { os: 'linux', cpu: 'arm64' });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^The Hotel API needs Node\.js 24\.11 or later; this is Node\.js v\d+\./);
      expect(stderr).toContain('`npm ci` installs it for linux-arm64');
    });

    it('says where the registry has no Node 24 package (Apple silicon) that it must be installed', async () => {
      const { code, stderr } = await needNode(OLD_NODE ?? 'node', { os: 'darwin', cpu: 'arm64' });
      expect(code).toBe(1);
      expect(stderr).toContain('The npm registry has no Node 24 package for darwin-arm64');
      expect(stderr).toContain('install Node.js 24.11 or later');
      expect(stderr).not.toMatch(/SyntaxError|at .+:\d+:\d+/);
    });
  });
});
