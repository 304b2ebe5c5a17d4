import pLimit from 'p-limit';

/**
 * How many lookups one request runs at once where a port has no set-based method (a shop per
 * arrival date, a stay per property), or a set is asked in batches: enough to overlap PostgreSQL
 * round trips, few enough to leave the pool to other requests.
 */
export const LOOKUPS_AT_ONCE = 4;

/**
 * Property nights one set-based booking-engine call covers: a chain of thousands, or months of
 * nights, is asked in several calls, each well within a data source's attempt timeout
 * (CONNECTOR_TIMEOUT_MS) and a unit that can fail or be retried alone. A 500-property chain's
 * stays of up to twelve nights are one call.
 */
export const PROPERTY_NIGHTS_PER_CALL = 6_000;

/** What a set-based port call answers: an entry per property it could read, and the failures. */
interface SetAnswer<Entry> {
  readonly properties: readonly Entry[];
  readonly failures: readonly { readonly propertyCode: string; readonly error: unknown }[];
}

/**
 * `ask` for the properties in batches covering `nights` nights each (PROPERTY_NIGHTS_PER_CALL),
 * LOOKUPS_AT_ONCE at once, the answers joined in the order asked. A batch whose call fails is
 * a failure of each of its properties.
 */
export async function askInBatches<Entry>(
  propertyCodes: readonly string[],
  nights: number,
  ask: (batch: readonly string[]) => Promise<SetAnswer<Entry>>,
): Promise<SetAnswer<Entry>> {
  const size = Math.max(1, Math.floor(PROPERTY_NIGHTS_PER_CALL / Math.max(1, nights)));
  const batches = Array.from({ length: Math.ceil(propertyCodes.length / size) }, (_, index) => propertyCodes.slice(index * size, (index + 1) * size));
  const answers = await pLimit(LOOKUPS_AT_ONCE).map(batches, async (batch): Promise<SetAnswer<Entry>> => {
    try {
      return await ask(batch);
    } catch (error) {
      return { properties: [], failures: batch.map((propertyCode) => ({ propertyCode, error })) };
    }
  });
  if (answers.length === 1) return answers[0];
  return { properties: answers.flatMap((answer) => answer.properties), failures: answers.flatMap((answer) => answer.failures) };
}
