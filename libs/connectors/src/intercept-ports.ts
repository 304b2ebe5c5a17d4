import type { Connectors } from './ports/index.js';

/**
 * The members of `Connectors` that are read ports (objects of methods), not its plain functions or
 * flags, nor the event log: our own store, written with changes, which no guard may retry or fail.
 */
export type PortName = Exclude<
  {
    [Key in keyof Connectors]-?: NonNullable<Connectors[Key]> extends (...args: never[]) => unknown ? never : NonNullable<Connectors[Key]> extends object ? Key : never;
  }[keyof Connectors],
  'events' | 'parity'
>;

/** One call of a port method, as an interceptor sees it. */
export interface PortCall {
  readonly port: PortName;
  readonly method: string;
  readonly args: readonly unknown[];
  /** Calls the wrapped port's method with `args`. */
  invoke(): Promise<unknown>;
}

/** Stands between the API and a port method: may call it (once or more), or answer without it. */
export type PortInterceptor = (call: PortCall) => Promise<unknown>;

/**
 * Every method of every port, so a wrapper cannot miss one: `satisfies` makes the compiler refuse
 * this table when a port gains a method it does not list (or lists one the port lacks).
 */
const PORT_METHODS = {
  catalog: { listChains: true, getChain: true, getProperty: true, getProperties: true },
  rateShopper: { shop: true, shopHistory: true },
  reviews: { getReviews: true, countReviews: true, countReviewsOf: true },
  bookingEngine: { getAvailability: true, getChainAvailability: true, getLowestMonthlyRates: true, getArrivalCalendar: true, getArrivalCalendars: true },
  exchangeRates: { getRate: true },
} as const satisfies { readonly [Port in PortName]: { readonly [Method in keyof Connectors[Port]]: true } };

/**
 * The same connectors, with every call of a port method going through `intercept`; anything else
 * as it is, but `inProcess`: an interceptor may fail or stall calls as a remote source would.
 */
export function interceptPorts(connectors: Connectors, intercept: PortInterceptor): Connectors {
  const wrapPort = <Port extends PortName>(port: Port): Connectors[Port] => {
    const target = connectors[port];
    const methods = Object.keys(PORT_METHODS[port]).map((method) => {
      const original = Reflect.get(target, method) as (...args: unknown[]) => Promise<unknown>;
      return [method, (...args: unknown[]) => intercept({ port, method, args, invoke: () => Reflect.apply(original, target, args) })];
    });
    return Object.fromEntries(methods) as Connectors[Port];
  };
  return {
    ...connectors,
    inProcess: false,
    catalog: wrapPort('catalog'),
    rateShopper: wrapPort('rateShopper'),
    reviews: wrapPort('reviews'),
    bookingEngine: wrapPort('bookingEngine'),
    exchangeRates: wrapPort('exchangeRates'),
  };
}
