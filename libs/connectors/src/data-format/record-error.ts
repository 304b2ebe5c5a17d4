/** A record refused: which line of its input, which field, and why. Nothing of the input was kept. */
export class RecordError extends Error {
  override readonly name = 'RecordError';

  constructor(
    /** 1-based line of the input (a file, a request body, or an array's index + 1). */
    readonly line: number,
    /** The field at fault as a dotted path (`prices.0.price`), `(line)` or `(record)`. */
    readonly field: string,
    readonly why: string,
  ) {
    super(`line ${line}: ${field}: ${why}`);
  }
}
