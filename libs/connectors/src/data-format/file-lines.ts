import { open } from 'node:fs/promises';

/** Bytes read at a time; a longer line grows the buffer to fit it. */
const PIECE = 1 << 20;

/**
 * A file's lines, read a large piece at a time into one reused buffer. Each piece's lines are
 * decoded one by one as they are taken, not split up front: a line's text lives only while its
 * record is parsed, and no queue of lines waits (and ages into V8's old generation) while a batch
 * is written. Line ends as readline's with `crlfDelay: Infinity`: `\n`, `\r\n` or a lone `\r`.
 * Take each piece's lines before the next piece: the buffer is then read over.
 */
export async function* fileLines(file: string, read: { bytes: number } = { bytes: 0 }): AsyncGenerator<Iterable<string>> {
  const handle = await open(file);
  try {
    let buffer = Buffer.allocUnsafe(PIECE);
    let kept = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, kept, buffer.length - kept, null);
      read.bytes += bytesRead;
      const end = kept + bytesRead;
      const last = bytesRead === 0;
      const bytes = buffer.subarray(0, end);
      let start = 0;
      // The piece's complete lines (all of it at the file's end), up to the last line end.
      const through = last ? end : bytes.lastIndexOf(10) + 1;
      if (through > 0) {
        yield linesOf(bytes, 0, through);
        start = through;
      }
      if (last) return;
      kept = end - start;
      if (kept === buffer.length) buffer = Buffer.concat([buffer], buffer.length * 2);
      else bytes.copy(buffer, 0, start, end);
    }
  } finally {
    await handle.close();
  }
}

function* linesOf(bytes: Buffer, from: number, to: number): Generator<string> {
  let start = from;
  while (start < to) {
    let newline = bytes.indexOf(10, start);
    if (newline === -1 || newline >= to) newline = to;
    const text = bytes.toString('utf8', start, newline);
    start = newline + 1;
    if (!text.includes('\r')) yield text;
    else yield* (text.endsWith('\r') ? text.slice(0, -1) : text).split('\r');
  }
}
