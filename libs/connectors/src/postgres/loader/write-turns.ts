/**
 * At most `limit` pushes of this process write at once; the others wait their turn, first come
 * first served. Writers beyond that add no throughput (PostgreSQL's cores are busy already) but
 * take those cores from the reads served meanwhile.
 */
export class WriteTurns {
  private writing = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async take<T>(write: () => Promise<T>): Promise<T> {
    if (this.writing < this.limit) this.writing++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await write();
    } finally {
      // The turn passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.writing--;
    }
  }
}
