/**
 * What a hashed value is for. Each purpose is mixed into the hash, so independent values of
 * the same key (a night's price noise, its inventory, whether it is closed) never share a draw.
 * Renumbering one changes the sandbox data: the pinned tests will say so.
 */
export const DrawPurpose = {
  priceNoise: 1,
  closedDate: 2,
  inventory: 3,
  minStay: 4,
  channelListsProperty: 5,
  channelSellsRatePlan: 6,
  channelOffset: 7,
  collectionDelay: 8,
  reviewCount: 9,
  reputation: 10,
  aspectBias: 11,
  aspectMention: 12,
  aspectScore: 13,
  historyDrift: 14,
} as const;
