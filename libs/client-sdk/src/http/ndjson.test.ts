import { describe, expect, it } from 'vitest';
import { ndjsonLine, ndjsonStream, ndjsonText } from './ndjson.js';

const night = (date: string) => ({ type: 'night', property: 'ACME001', date, demandFactor: 1, minStay: 1 });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('ndjsonLine and ndjsonText', () => {
  it('write one record a line, a line break in a value escaped', () => {
    expect(ndjsonText([night('2026-12-10'), { ...night('2026-12-11'), note: 'two\nlines' }])).toBe(
      `${JSON.stringify(night('2026-12-10'))}\n{"type":"night","property":"ACME001","date":"2026-12-11","demandFactor":1,"minStay":1,"note":"two\\nlines"}\n`,
    );
  });

  it('refuse what JSON cannot carry as a record', () => {
    expect(() => ndjsonLine(undefined)).toThrow(TypeError);
  });
});

describe('ndjsonStream', () => {
  it('streams the records of an async source as the same text', async () => {
    const dates = Array.from({ length: 2_000 }, (_, day) => new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10));
    async function* source() {
      for (const date of dates) yield night(date);
    }
    expect(await readAll(ndjsonStream(source(), () => undefined))).toBe(ndjsonText(dates.map(night)));
  });

  it('reads nothing of the source until the stream is read', async () => {
    let asked = 0;
    async function* source() {
      asked += 1;
      yield night('2026-12-10');
    }
    const stream = ndjsonStream(source(), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(0);
    await readAll(stream);
    expect(asked).toBe(1);
  });

  it('hands the source’s failure over and fails the stream with it', async () => {
    const failure = new Error('feed broke');
    const seen: unknown[] = [];
    async function* source() {
      yield night('2026-12-10');
      throw failure;
    }
    await expect(readAll(ndjsonStream(source(), (error) => seen.push(error)))).rejects.toBe(failure);
    expect(seen).toEqual([failure]);
  });

  it('lets the source clean up when the stream is cancelled', async () => {
    let closed = false;
    async function* source() {
      try {
        for (let day = 1; ; day++) yield night(`2027-01-${String((day % 28) + 1).padStart(2, '0')}`);
      } finally {
        closed = true;
      }
    }
    const reader = ndjsonStream(source(), () => undefined).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
