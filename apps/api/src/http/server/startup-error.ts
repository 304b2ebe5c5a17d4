/**
 * A start-up failure the operator fixes by changing a setting or a file (a port in use, a
 * certificate file missing or unreadable): `serve.ts` prints its message, one line naming the
 * setting, and exits non-zero without a stack trace, which would only say where our code noticed.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** Why the system refused, in an operator's words, for the error codes file and socket calls give. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'it does not exist';
    case 'EACCES':
    case 'EPERM':
      return "permission denied for this process's user";
    case 'EISDIR':
      return 'it is a folder, not a file';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
