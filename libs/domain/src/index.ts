export * from './availability/index.js';
export * from './enums.js';
export * from './errors/index.js';
export type * from './localized-text.js';
export * from './parity/index.js';
export * from './reviews/index.js';
export * from './rules/index.js';
export * from './schemas/index.js';
