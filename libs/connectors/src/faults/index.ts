export { ConnectorFaultsSpec, type ConnectorFaults } from './connector-faults.js';
export { withFaults } from './with-faults.js';
