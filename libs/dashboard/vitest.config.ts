import { defineProjectConfig } from '../../vitest.shared.js';

export default defineProjectConfig(import.meta.dirname);
