/** A data file the loader refused: where (file and line), which field, and why. Nothing of the file was kept. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';

  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string,
    readonly why: string,
  ) {
    super(`${file}:${line}: ${field}: ${why}`);
  }
}
