#!/usr/bin/env node
// The one root check: typecheck, lint and every test of every project, then one closing line
// "N passed, N failed" summed from each project's vitest JSON report (see vitest.shared.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// npm puts node_modules/.bin first on PATH, where the project's own Node 24 lives; an older one is refused.
import './need-node.mjs';

console.log(`Node ${process.version}`);

const reports = join(import.meta.dirname, '../../reports/vitest');
rmSync(reports, { recursive: true, force: true });

const nx = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'typecheck', 'lint', 'test', '--outputStyle=static', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...process.env } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(reports) ? readdirSync(reports) : []) {
  const report = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails outside its tests (on load, or in a hook that skipped them all) has no failed
  // test of its own; count it as one failure.
  failed += report.testResults.filter(
    (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // Vitest fails a run whose tests all passed when an error escaped them (an unhandled rejection,
  // say): the report then says `success: false` and nothing else. Count it, and name the project
  // here, next to the closing line, because a long log is often read from its end.
  if (!report.success && report.numFailedTests === 0 && report.numFailedTestSuites === 0) {
    console.error(`${file.replace(/\.json$/, '')}: vitest failed the run outside any test (look for "Unhandled Errors" in its output); counted as one failure.`);
    failed += 1;
  }
}
const nxFailed = nx.status !== 0;
// A task can fail with every assertion passing (a typecheck or lint error, or vitest's
// "unhandled errors" after the tests); the closing line must still not read "0 failed".
if (nxFailed && failed === 0) {
  console.error('A typecheck, lint or test task failed outside any test (see above); counted as one failure.');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
