import { defineProjectConfig } from '../vitest.shared.js';

// .mts keeps this file out of tools/tsconfig.json (`**/*.ts`), whose rootDir cannot hold the
// shared config one level up. The shared include looks under src/ and tools/; this project
// keeps its tests at its top level.
export default defineProjectConfig(import.meta.dirname, { include: ['**/*.test.ts'] });
