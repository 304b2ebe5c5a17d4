import pino, { type DestinationStream } from 'pino';

/** The lines each destination still holds, written out when the process exits, however it exits. */
const unwritten = new Set<() => void>();
process.once('exit', () => {
  for (const write of unwritten) write();
});

/**
 * Standard output, the lines of one turn of the event loop written together right after it
 * (`setImmediate`): under load a turn answers several requests, and one write(2) takes all their
 * access lines instead of one each. Synchronous writes still: pino's asynchronous stdout hands
 * each batch to libuv's thread pool, which cost the service more CPU a request than it saved. On
 * a clean exit and after a fatal error (close-with-grace logs it, then exits) the `exit` handler
 * writes what is left, so a line is lost only when the process is killed outright within the
 * turn that logged it. Sonic-boom (pino's destination) retries a full pipe, so a slow log
 * collector slows the service down rather than losing lines or growing a buffer without bound.
 */
export function stdoutLines(): DestinationStream & { flush(done?: (error?: Error) => void): void } {
  const stdout = pino.destination({ dest: 1, sync: true });
  let lines = '';
  const writeLines = () => {
    unwritten.delete(writeLines);
    if (lines === '') return;
    const turn = lines;
    lines = '';
    stdout.write(turn);
  };
  return {
    write(line: string) {
      if (lines === '') {
        unwritten.add(writeLines);
        setImmediate(writeLines);
      }
      lines += line;
    },
    flush(done?: (error?: Error) => void) {
      writeLines();
      done?.();
    },
  };
}
