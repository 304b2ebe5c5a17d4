export type * from './ports/index.js';
