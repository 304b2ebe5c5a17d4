/**
 * `npm run data:export-sandbox -- DIR [--chains ACME,BLUE] [--days N] [--shop-days N] [--shop-nights N] [--occupancies 2,1,2+1] [--include catalog,ari]`:
 * writes the sandbox world in the loader's format (docs/data-format.md). `--chains XL` writes the
 * 5,000-property chain the default world leaves out; `--days` and `--include` bound its size.
 */
import { parseArgs } from 'node:util';
import { exportSandbox, type SandboxExportOptions } from '@hotelapi/connectors';

type ExportPart = NonNullable<SandboxExportOptions['include']>[number];

const USAGE = 'Usage: npm run data:export-sandbox -- DIR [--chains ACME,BLUE] [--days 400] [--shop-days 30] [--shop-nights 3] [--occupancies 2,1,2+1] [--include catalog,ari,channelShops,reviews]';
const PARTS: readonly ExportPart[] = ['catalog', 'ari', 'channelShops', 'reviews'];

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a whole number from 1`);
  return number;
}

/** `2`, `1`, `2+1`: adults, plus children. */
function occupancies(value: string | undefined): { adults: number; children: number }[] | undefined {
  return value?.split(',').map((text) => {
    const match = /^(\d+)(?:\+(\d+))?$/.exec(text.trim());
    if (!match || Number(match[1]) < 1) throw new Error(`--occupancies: "${text}" is not ADULTS or ADULTS+CHILDREN`);
    return { adults: Number(match[1]), children: Number(match[2] ?? 0) };
  });
}

function parts(value: string | undefined): ExportPart[] | undefined {
  return value?.split(',').map((text) => {
    const part = PARTS.find((known) => known === text.trim());
    if (!part) throw new Error(`--include: "${text}" is not one of ${PARTS.join(', ')}`);
    return part;
  });
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      chains: { type: 'string' },
      days: { type: 'string' },
      'shop-days': { type: 'string' },
      'shop-nights': { type: 'string' },
      occupancies: { type: 'string' },
      include: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  const started = performance.now();
  const files = await exportSandbox({
    dir: positionals[0],
    chains: values.chains?.split(',').map((code) => code.trim().toUpperCase()),
    days: positiveInt('days', values.days),
    shopDays: positiveInt('shop-days', values['shop-days']),
    shopNights: positiveInt('shop-nights', values['shop-nights']),
    occupancies: occupancies(values.occupancies),
    include: parts(values.include),
  });
  for (const { path, records } of files) console.log(`${path}: ${records} records`);
  console.log(`exported in ${((performance.now() - started) / 1000).toFixed(1)} s; load with: npm run data:load -- ${positionals[0]}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
