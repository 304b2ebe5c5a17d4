export * from './enums.js';
export type * from './localized-text.js';
