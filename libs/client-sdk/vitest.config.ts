import { readFileSync } from 'node:fs';
import { mergeConfig } from 'vitest/config';
import { defineProjectConfig } from '../../vitest.shared.js';

// The version tsup puts into the build (see src/version.ts), so tests see what users get.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default mergeConfig(defineProjectConfig(import.meta.dirname), {
  define: { __HOTELAPI_CLIENT_VERSION__: JSON.stringify(version) },
});
