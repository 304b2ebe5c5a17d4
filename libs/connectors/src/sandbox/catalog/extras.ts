/**
 * Extra-service codes sandbox rate plans include. The i18n catalogs hold their labels, so this
 * list is the contract between the two: a code added here needs a label there.
 */
export const SANDBOX_EXTRAS = ['WIFI', 'PARKING', 'LATE_CHECKOUT', 'SPA_ACCESS', 'AIRPORT_TRANSFER', 'WELCOME_DRINK'] as const;
export type SandboxExtra = (typeof SANDBOX_EXTRAS)[number];
