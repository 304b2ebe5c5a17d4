import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { fileLines } from './file-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'hotel-lines-'));

async function linesOf(text: string): Promise<{ ours: string[]; readline: string[]; bytes: number }> {
  const path = join(dir, `${Math.random()}.jsonl`);
  writeFileSync(path, text);
  const read = { bytes: 0 };
  const ours: string[] = [];
  for await (const lines of fileLines(path, read)) for (const line of lines) ours.push(line);
  const readline: string[] = [];
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })) readline.push(line);
  return { ours, readline, bytes: read.bytes };
}

describe('fileLines', () => {
  it('ends lines where readline does: \\n, \\r\\n, a lone \\r, the file end', async () => {
    for (const text of ['a\nb\n', 'a\r\nb\r\n\r\nc', 'a\rb\r\r\nc\r', '\n\nlast', '', 'é€😀\n{"x":"ü"}']) {
      const { ours, readline } = await linesOf(text);
      expect(ours, JSON.stringify(text)).toEqual(readline);
    }
  });

  it('reads lines longer than a piece, and pieces ending inside a character, whole', async () => {
    const long = `{"text":"${'€'.repeat(700_000)}"}`;
    const { ours, bytes } = await linesOf(`${long}\nshort\n${'x'.repeat(1_048_575)}€\n${long}`);
    expect(ours).toEqual([long, 'short', `${'x'.repeat(1_048_575)}€`, long]);
    expect(bytes).toBe(Buffer.byteLength(`${long}\nshort\n${'x'.repeat(1_048_575)}€\n${long}`));
  });
});
