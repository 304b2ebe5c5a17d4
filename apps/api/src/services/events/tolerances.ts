import { DEFAULT_PARITY_TOLERANCE_PERCENT } from '@hotelapi/domain';

/** The tolerances parity is judged within: the default 1 % and each webhook subscription's. */
export type TolerancesInUse = () => Promise<readonly number[]>;

/** Parity is judged within the default tolerance only, until webhooks tell theirs. */
export const DEFAULT_TOLERANCES: TolerancesInUse = async () => [DEFAULT_PARITY_TOLERANCE_PERCENT];
