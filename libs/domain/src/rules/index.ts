/** Pure business rules of the hotel domain: no I/O, no clock ("now" is always a parameter). */
export * from './boards.js';
export * from './currency.js';
export * from './dates.js';
export * from './decimal-rounding.js';
export * from './distance.js';
export * from './pagination.js';
export * from './score-band.js';
export * from './season.js';
export * from './stay-policy.js';
export * from './time-zone.js';
