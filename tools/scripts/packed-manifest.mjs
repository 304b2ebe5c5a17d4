#!/usr/bin/env node
// `npm pack` / `npm publish` lifecycle: the manifest npm users get carries neither the workspace-only
// export condition (`@hotelapi/source`, which points at TypeScript sources that are not packed) nor
// the `nx` block. `prepack` keeps the workspace manifest aside and strips those; `postpack` puts it back.
//
//   node ../../tools/scripts/packed-manifest.mjs strip|restore   (run in the package directory)
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const MANIFEST = 'package.json';
const KEPT = '.package.workspace.json';
const WORKSPACE_CONDITION = '@hotelapi/source';

const mode = process.argv[2];
if (mode === 'strip') {
  const text = readFileSync(MANIFEST, 'utf8');
  writeFileSync(KEPT, text);
  const manifest = JSON.parse(text);
  delete manifest.nx;
  for (const target of Object.values(manifest.exports ?? {})) {
    if (typeof target === 'object' && target !== null) delete target[WORKSPACE_CONDITION];
  }
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
} else {
  console.error('usage: packed-manifest.mjs strip|restore');
  process.exit(1);
}
