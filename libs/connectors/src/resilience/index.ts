export { connectorScope, currentConnectorScope, runInConnectorScope, type ConnectorScope } from './connector-scope.js';
export { observeAll, type BreakerState, type CallLabels, type CallOutcome, type ConnectorObserver } from './observer.js';
export { DEFAULT_RESILIENCE, type ResilienceSettings } from './settings.js';
export { withResilience, type ResilienceOptions } from './with-resilience.js';
