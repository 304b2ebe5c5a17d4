import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const destination = join(import.meta.dirname, 'log-destination.ts');

/** Runs `script` in a process of its own with `stdoutLines` imported as `lines`; its standard output. */
function stdoutOf(script: string): string {
  const program = `import { stdoutLines } from ${JSON.stringify(destination)}; const lines = stdoutLines(); ${script}`;
  const run = spawnSync(process.execPath, ['--conditions=@hotelapi/source', '--import', tsxLoader, '--input-type=module', '-e', program], {
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return run.stdout;
}

describe('standard output lines', () => {
  it('writes the lines of one turn of the event loop together, in order, after it', () => {
    expect(stdoutOf(`lines.write('one\\n'); lines.write('two\\n'); process.stdout.write('same turn\\n'); setTimeout(() => lines.write('three\\n'));`)).toBe(
      'same turn\none\ntwo\nthree\n',
    );
  });

  it('keeps the lines of the last turn when the process exits in it', () => {
    expect(stdoutOf(`lines.write('fatal\\n'); process.exit(1);`)).toBe('fatal\n');
  });
});
