#!/usr/bin/env node
// Writes the hashed bundle's Brotli and gzip siblings at their highest levels, and
// dist/manifest.json naming the bundle (the API reads it to serve and link the script).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const scripts = readdirSync(dist).filter((name) => /^dashboard-[A-Z0-9]+\.js$/.test(name));
if (scripts.length !== 1) throw new Error(`Expected one dashboard-<hash>.js in dist, found ${scripts.join(', ') || 'none'}`);
const [script] = scripts;
const bundle = readFileSync(new URL(script, dist));
const brotli = brotliCompressSync(bundle, {
  params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bundle.length },
});
writeFileSync(new URL(`${script}.br`, dist), brotli);
writeFileSync(new URL(`${script}.gz`, dist), gzipSync(bundle, { level: 9 }));
writeFileSync(new URL('manifest.json', dist), `${JSON.stringify({ script }, null, 2)}\n`);

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const LIMIT = 150 * 1024;
console.log(`${script}: ${kB(bundle.length)}, brotli ${kB(brotli.length)} (first-load limit ${kB(LIMIT)})`);
if (brotli.length > LIMIT) throw new Error(`The dashboard's first load is over ${kB(LIMIT)} compressed`);
