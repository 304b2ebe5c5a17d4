import type { LimitFunction } from 'p-limit';
import { yieldWhenSliceSpent } from '../../admission/time-slices.js';

/**
 * `task` for every property, at most as many at once as `limit` allows, results in input order.
 * A property whose task throws is reported to `onFailure` and left out, and so is one the task
 * finds nothing for: one property's outage must not fail a whole chain's answer.
 *
 * Each task is a little synchronous work (pricing a property), hundreds per chain: the loop gives
 * the event loop a turn every few milliseconds, so one chain never holds up every other request.
 */
export async function eachProperty<Input, Output>(
  inputs: readonly Input[],
  limit: LimitFunction,
  task: (input: Input) => Promise<Output | undefined>,
  onFailure: (input: Input, error: unknown) => void,
): Promise<Output[]> {
  const outputs = await limit.map(inputs, async (input) => {
    try {
      await yieldWhenSliceSpent();
      return await task(input);
    } catch (error) {
      onFailure(input, error);
      return undefined;
    }
  });
  return outputs.filter((output): output is Output => output !== undefined);
}
