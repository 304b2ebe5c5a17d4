export type * from './ports/index.js';
export {
  ConnectorError,
  PropertyNotFoundError,
  UpstreamError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  WriteConflictError,
  IdempotencyConflictError,
  type UnavailableReason,
} from './errors.js';
export {
  createConnectors,
  type ConnectorConfig,
  type ConnectorKind,
  type PostgresConnectorConfig,
  type SandboxConnectorConfig,
} from './create-connectors.js';
export { checkRecord, parseRecordLine, type NumberedRecord } from './data-format/parse-record.js';
export { RecordError } from './data-format/record-error.js';
export { IDEMPOTENCY_RETENTION_MS } from './ports/data-writer.js';
export { memoryEventLog, MEMORY_EVENT_LOG_LIMIT } from './events/memory-event-log.js';
export { newEventId } from './events/event-id.js';
export { SANDBOX_PUSHED_MAX, SANDBOX_PUSHED_TYPES } from './sandbox/pushed-data.js';
export { yieldWhenSliceSpent } from './time-slices.js';
// PostgreSQL (Kysely, pg) is `@hotelapi/connectors/postgres`, loaded only where it is used.
export { DatabaseUnavailableError } from './postgres/database-unavailable.js';
export { readRoutingFigures, type ReadRoutingFigures, type ReadTarget } from './postgres/replica/read-routing-figures.js';
export {
  createSandboxConnectors,
  exportSandbox,
  SANDBOX_EXTRAS,
  SANDBOX_FIXTURES,
  SANDBOX_PHOTO_ORIGIN,
  SANDBOX_PHOTO_PATH,
  sandboxPhotoSvg,
  type SandboxExportOptions,
  type SandboxExtra,
  type SandboxFixtures,
  type SandboxOptions,
} from './sandbox/index.js';
export { ConnectorFaultsSpec, withFaults, type ConnectorFaults } from './faults/index.js';
export { interceptPorts, type PortCall, type PortInterceptor, type PortName } from './intercept-ports.js';
export {
  connectorScope,
  currentConnectorScope,
  DEFAULT_RESILIENCE,
  observeAll,
  runInConnectorScope,
  withResilience,
  type BreakerState,
  type CallLabels,
  type CallOutcome,
  type ConnectorObserver,
  type ConnectorScope,
  type ResilienceOptions,
  type ResilienceSettings,
} from './resilience/index.js';
export { memoryWebhookStore } from './webhooks/memory-webhook-store.js';
export { memoryWebhookQueue } from './webhooks/memory-webhook-queue.js';
export { DEFAULT_RETRY_SCHEDULE, retryDelaySeconds } from './webhooks/retry-schedule.js';
