/**
 * The top self-time functions of a V8 CPU profile (`node --cpu-prof`), and the share of time each
 * package takes, so a profile can be read without DevTools.
 *
 *   node tools/bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly hitCount?: number;
}

const [file, topArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const where = ({ url, lineNumber }: ProfileNode['callFrame']) => {
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (inPackage) return `${inPackage[1]}/${inPackage[2]}:${lineNumber + 1}`;
  return `${path.replace(/^.*\/(apps|libs|tools)\//, '$1/')}:${lineNumber + 1}`;
};
const packageOf = ({ url, functionName }: ProfileNode['callFrame']) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? (/\/(apps|libs)\/([^/]+)\//.exec(url)?.slice(1).join('/') || (url.startsWith('node:') ? 'node' : `(${functionName || 'native'})`));

const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const name = `${frame.functionName || '(anonymous)'}  ${frame.url ? where(frame) : ''}`;
  functions.set(name, (functions.get(name) ?? 0) + micros);
  packages.set(packageOf(frame), (packages.get(packageOf(frame)) ?? 0) + micros);
}
const top = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`);

console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled\n\nBy package:\n${top(packages, 15).join('\n')}\n\nTop self time:\n${top(functions, Number(topArgument ?? 25)).join('\n')}`);
