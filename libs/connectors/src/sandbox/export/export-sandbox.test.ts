import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxConnectors } from '../create-sandbox-connectors.js';
import { exportSandbox } from './export-sandbox.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const dirs: string[] = [];
const freshDir = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'sandbox-export-')), 'out');
  dirs.push(dir);
  return dir;
};
const recordsOf = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; code?: string; chain?: string });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('sandbox export of the XL chain', () => {
  it('writes 5,000 properties when asked for XL by name', async () => {
    const dir = freshDir();
    await exportSandbox({ dir, chains: ['XL'], now: NOW, include: ['catalog'] });
    const records = recordsOf(join(dir, '01-catalog.jsonl'));
    expect(records.filter((record) => record.type === 'chain').map((record) => record.code)).toEqual(['XL']);
    const properties = records.filter((record) => record.type === 'property');
    expect(properties).toHaveLength(5000);
    expect([properties[0]?.code, properties.at(-1)?.code]).toEqual(['XL00001', 'XL05000']);
  });

  it('leaves XL out of the default export and the default sandbox', async () => {
    const dir = freshDir();
    await exportSandbox({ dir, now: NOW, include: ['catalog'] });
    const chains = recordsOf(join(dir, '01-catalog.jsonl')).filter((record) => record.type === 'chain');
    expect(chains.map((record) => record.code)).toEqual(['ACME', 'BLUE', 'MEGA']);
    const sandbox = createSandboxConnectors({ now: () => NOW });
    expect(await sandbox.catalog.getProperty('XL00001')).toBeUndefined();
  });

  it('names an unknown chain', async () => {
    await expect(exportSandbox({ dir: freshDir(), chains: ['XX'], now: NOW })).rejects.toThrow('No sandbox chain XX');
  });
});
