export * from './error-catalogue.js';
export * from './error-type.js';
