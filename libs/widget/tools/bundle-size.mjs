#!/usr/bin/env node
// Prints the script-tag bundle's gzipped size and its Subresource Integrity hash, and fails the
// build when the bundle is over budget.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const LIMIT_BYTES = 35 * 1024;
const file = new URL('../dist/cdn/hotel-search.js', import.meta.url);
const bundle = readFileSync(file);
const gzipped = gzipSync(bundle, { level: 9 }).length;
const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`;
writeFileSync(new URL('../dist/cdn/hotel-search.js.sri', import.meta.url), `${integrity}\n`);

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`hotel-search.js: ${kB(bundle.length)}, ${kB(gzipped)} gzipped (limit ${kB(LIMIT_BYTES)})`);
console.log(`integrity: ${integrity}`);
if (gzipped > LIMIT_BYTES) {
  console.error(`hotel-search.js is ${kB(gzipped - LIMIT_BYTES)} over its ${kB(LIMIT_BYTES)} gzipped budget.`);
  process.exit(1);
}
