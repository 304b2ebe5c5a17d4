#!/usr/bin/env node
// Writes the script-tag bundle's Brotli and gzip siblings (hotel-search.js.br, .gz) at their
// highest levels, once at build: the API sends them as they are to a browser that accepts them.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const file = new URL('../dist/cdn/hotel-search.js', import.meta.url);
const bundle = readFileSync(file);
const brotli = brotliCompressSync(bundle, {
  params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bundle.length },
});
const gzip = gzipSync(bundle, { level: 9 });
writeFileSync(new URL('../dist/cdn/hotel-search.js.br', import.meta.url), brotli);
writeFileSync(new URL('../dist/cdn/hotel-search.js.gz', import.meta.url), gzip);

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`hotel-search.js.br: ${kB(brotli.length)}, hotel-search.js.gz: ${kB(gzip.length)}`);
