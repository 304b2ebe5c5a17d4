/**
 * The top self-time functions of a V8 CPU profile (`node --cpu-prof`), the share of time each
 * package takes, and the functions of our own code (apps/, libs/) by total time (callees
 * included), so a profile can be read without DevTools.
 *
 *   node tools/bench/profile-summary.ts <file.cpuprofile> [top=25] [from-seconds=0]
 *
 * `from-seconds` skips the start of the profile (the start-up's module loading, a warm-up round),
 * so that the steady state is what is summarised.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly hitCount?: number;
  readonly children?: readonly number[];
}

const [file, topArgument, fromArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [top] [from-seconds]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const topCount = Number(topArgument ?? 25);
const fromMicros = Number(fromArgument ?? 0) * 1e6;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const selfMicros = new Map<number, number>();
let elapsed = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  elapsed += delta;
  if (elapsed >= fromMicros) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const where = ({ url, lineNumber }: ProfileNode['callFrame']) => {
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (inPackage) return `${inPackage[1]}/${inPackage[2]}:${lineNumber + 1}`;
  return `${path.replace(/^.*\/(apps|libs|tools)\//, '$1/')}:${lineNumber + 1}`;
};
const packageOf = ({ url, functionName }: ProfileNode['callFrame']) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? (/\/(apps|libs)\/([^/]+)\//.exec(url)?.slice(1).join('/') || (url.startsWith('node:') ? 'node' : `(${functionName || 'native'})`));
const nameOf = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'}  ${frame.url ? where(frame) : ''}`;
const isOurs = (frame: ProfileNode['callFrame']) => /\/(apps|libs)\//.test(frame.url) && !frame.url.includes('node_modules');

const functions = new Map<string, number>();
const packages = new Map<string, number>();
const ourTotals = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  functions.set(nameOf(frame), (functions.get(nameOf(frame)) ?? 0) + micros);
  packages.set(packageOf(frame), (packages.get(packageOf(frame)) ?? 0) + micros);
  // Each of our functions on the stack counts the sample once, however deep its recursion.
  const onStack = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
    const caller = byId.get(node)?.callFrame;
    if (caller && isOurs(caller)) onStack.add(nameOf(caller));
  }
  for (const name of onStack) ourTotals.set(name, (ourTotals.get(name) ?? 0) + micros);
}
const top = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`);

console.log(
  `${file}: ${(total / 1000).toFixed(0)} ms sampled${fromMicros ? ` from ${fromMicros / 1e6} s on` : ''}\n\n` +
    `By package:\n${top(packages, 15).join('\n')}\n\nTop self time:\n${top(functions, topCount).join('\n')}\n\n` +
    `Our code by total time (callees included):\n${top(ourTotals, topCount).join('\n')}`,
);
