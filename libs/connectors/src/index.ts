export type * from './ports/index.js';
export { ConnectorError, PropertyNotFoundError, UpstreamError } from './errors.js';
export {
  createConnectors,
  type ConnectorConfig,
  type ConnectorKind,
  type PostgresConnectorConfig,
  type SandboxConnectorConfig,
} from './create-connectors.js';
export { DataRecord, type DataRecordType, type RecordOf } from './data-format/records.js';
export * from './postgres/index.js';
export {
  createSandboxConnectors,
  exportSandbox,
  SANDBOX_EXTRAS,
  SANDBOX_FIXTURES,
  type SandboxExportOptions,
  type SandboxExtra,
  type SandboxFixtures,
  type SandboxOptions,
} from './sandbox/index.js';
