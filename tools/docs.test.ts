import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The documents a reader is sent to: the README, docs/, and every README beside the code. */
const DOCUMENTS = [
  'README.md',
  ...globSync('docs/*.md', { cwd: ROOT }),
  ...globSync('{apps,libs}/*/README.md', { cwd: ROOT }),
  ...globSync('{apps,libs}/*/src/**/README.md', { cwd: ROOT }),
].sort();

/** Where a document's words name a file of this repository, by the root's top folders. */
const REPOSITORY_PATH = /^(?:apps|libs|tools|docs|deploy)\/[\w.@/-]*$/;
/** What the build writes: named by the docs, absent from a fresh clone. */
const BUILD_OUTPUT = /(?:^|\/)(?:dist|out-tsc|reports)(?:\/|$)|^apps\/api\/bundle\//;
/** MCP's method names read like paths. */
const MCP_METHOD = /^(?:tools|resources|prompts)\/(?:call|list|read|get)$/;

/** The repository paths one document names: relative links, and code spans or words that are paths. */
function pathsNamedIn(document: string): string[] {
  // Fenced blocks hold commands and sample output, not references to follow.
  const text = readFileSync(join(ROOT, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const named = new Set<string>();
  for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target)) continue;
    const path = decodeURIComponent(target.replace(/[#?].*$/, ''));
    named.add(relative(ROOT, join(ROOT, dirname(document), path)));
  }
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].flatMap(([, span]) => span.split(/\s+/));
  const words = text.replace(/`[^`\n]+`/g, ' ').split(/[\s(),;]+/);
  for (const token of [...spans, ...words]) {
    // A path ends where a sentence or a line number does.
    const path = token.replace(/[.:,;]+$/, '').replace(/:\d+$/, '');
    if (REPOSITORY_PATH.test(path)) named.add(path);
  }
  return [...named].filter((path) => !BUILD_OUTPUT.test(path) && !MCP_METHOD.test(path)).sort();
}

/** A path resolves from the repository's root or, in a README beside the code, from its folder. */
function exists(path: string, document: string): boolean {
  return existsSync(join(ROOT, path)) || existsSync(join(ROOT, dirname(document), path));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Links to a heading of a Markdown file (`file.md#heading`, `#heading`) whose heading is missing. */
function brokenAnchors(document: string): string[] {
  const text = readFileSync(join(ROOT, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(\s*([^)\s]*#[^)\s]+)\)/g)) {
    const [file, anchor] = target.split('#');
    if (/^[a-z][a-z0-9+.-]*:/i.test(file) || (file && !file.endsWith('.md'))) continue;
    const linked = file ? join(dirname(document), file) : document;
    if (!existsSync(join(ROOT, linked))) continue;
    const headings = readFileSync(join(ROOT, linked), 'utf8').match(/^#{1,6} .+$/gm) ?? [];
    if (!headings.some((heading) => anchorOf(heading.replace(/^#+ /, '')) === anchor)) broken.push(target);
  }
  return broken;
}

describe('documentation', () => {
  it.each(DOCUMENTS)('%s names only paths that exist', (document) => {
    const missing = pathsNamedIn(document).filter((path) => !exists(path, document));
    expect(missing).toEqual([]);
  });

  it.each(DOCUMENTS)('%s links only to headings that exist', (document) => {
    expect(brokenAnchors(document)).toEqual([]);
  });

  it.each([
    ['docs/PERFORMANCE.md', 300],
    ['docs/DECISIONS.md', 700],
  ])('%s stays within %i lines (history lives in git)', (document, limit) => {
    const lines = readFileSync(join(ROOT, document), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(limit);
  });
});
