/**
 * One attempt at a source, hedged: when it has not settled after `delayMs` and `mayHedge()` says
 * yes, a second identical attempt starts beside it, and the first to answer wins. A failure waits
 * for the other attempt still running; when both failed, the first attempt's error is the one
 * reported (the retries decide what to do with it).
 *
 * The loser is not cancelled (ports take no abort signal): it runs on until it answers, fails or
 * reaches its own attempt timeout, holding its bulkhead slot and counted by the breaker for what
 * it really was. So a hedge never reports a failure the source did not have.
 */
export function hedgedAttempt<T>(attempt: (hedge: boolean) => Promise<T>, delayMs: number, mayHedge: () => boolean): Promise<T> {
  const first = attempt(false);
  if (!(delayMs > 0)) return first;
  return new Promise<T>((resolve, reject) => {
    let running = 1;
    let firstError: { error: unknown } | undefined;
    const settleWith = (hedge: boolean) => (outcome: Promise<T>) => {
      outcome.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          if (!hedge) firstError = { error };
          if (--running > 0) return;
          clearTimeout(timer);
          reject(firstError ? firstError.error : error);
        },
      );
    };
    const timer = setTimeout(() => {
      if (!mayHedge()) return;
      running++;
      // A hedge that throws before it starts is a failed hedge, not a lost call.
      settleWith(true)(Promise.resolve().then(() => attempt(true)));
    }, delayMs);
    settleWith(false)(first);
  });
}

/**
 * How many hedges a port may still send: every call earns `share` of one (up to a small reserve),
 * every hedge spends one. A source that is slow for everyone then gets `share` more calls, not
 * twice as many, while the rare hung call among fast ones is always hedged.
 */
export class HedgeBudget {
  private static readonly RESERVE = 10;
  private tokens = HedgeBudget.RESERVE;

  constructor(private readonly share: number) {}

  /** A call was made. */
  earn(): void {
    this.tokens = Math.min(HedgeBudget.RESERVE, this.tokens + this.share);
  }

  /** Takes one hedge from the budget, if there is one. */
  spend(): boolean {
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
