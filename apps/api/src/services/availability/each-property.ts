import type { LimitFunction } from 'p-limit';

/**
 * How many lookups one request runs at once where a port has no set-based method (a calendar per
 * property, a shop per arrival date): enough to overlap PostgreSQL round trips, few enough to
 * leave the pool to other requests.
 */
export const LOOKUPS_AT_ONCE = 4;

/**
 * `task` for every property, at most as many at once as `limit` allows, results in input order.
 * A property whose task throws is reported to `onFailure` and left out, and so is one the task
 * finds nothing for: one property's outage must not fail a whole chain's answer.
 */
export async function eachProperty<Input, Output>(
  inputs: readonly Input[],
  limit: LimitFunction,
  task: (input: Input) => Promise<Output | undefined>,
  onFailure: (input: Input, error: unknown) => void,
): Promise<Output[]> {
  const outputs = await limit.map(inputs, async (input) => {
    try {
      return await task(input);
    } catch (error) {
      onFailure(input, error);
      return undefined;
    }
  });
  return outputs.filter((output): output is Output => output !== undefined);
}
