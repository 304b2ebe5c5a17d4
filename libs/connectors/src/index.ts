export type * from './ports/index.js';
export { ConnectorError, PropertyNotFoundError, UpstreamError } from './errors.js';
export { createConnectors, type ConnectorConfig, type ConnectorKind, type SandboxConnectorConfig } from './create-connectors.js';
export {
  createSandboxConnectors,
  SANDBOX_EXTRAS,
  SANDBOX_FIXTURES,
  type SandboxExtra,
  type SandboxFixtures,
  type SandboxOptions,
} from './sandbox/index.js';
