import { defineProjectConfig } from '../../vitest.shared.js';

// A real browser against a real server: pages load, render and call the API for every step.
export default defineProjectConfig(import.meta.dirname, { testTimeout: 60_000, hookTimeout: 60_000 });
