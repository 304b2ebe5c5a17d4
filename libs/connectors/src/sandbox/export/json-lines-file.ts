import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/** A JSON Lines file written record by record, waiting when the disk is behind (bounded memory). */
export class JsonLinesFile {
  private readonly stream: WriteStream;
  records = 0;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { encoding: 'utf8' });
  }

  async write(record: object): Promise<void> {
    this.records++;
    if (!this.stream.write(`${JSON.stringify(record)}\n`)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, 'finish');
  }
}
