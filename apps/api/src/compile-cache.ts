import { fileURLToPath } from 'node:url';

/**
 * Where Node keeps the compiled code of the service's modules: `NODE_COMPILE_CACHE` when set, else
 * `node_modules/.cache/hotel-api-compile-cache` in the installation. Beside the installation, not
 * in the system's temporary folder: a clone writes it on its first start and it goes with its
 * `node_modules`, and the container image builds it in (see the Dockerfile), where the unprivileged
 * user only reads it. Node checks each entry against the file's contents, so a rebuild only
 * recompiles what changed.
 */
export const COMPILE_CACHE_DIR: string =
  process.env.NODE_COMPILE_CACHE || fileURLToPath(new URL('../../../node_modules/.cache/hotel-api-compile-cache', import.meta.url));
