export * from './error-catalogue.js';
