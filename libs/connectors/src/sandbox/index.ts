export { SANDBOX_EXTRAS, type SandboxExtra } from './catalog/extras.js';
export { createSandboxConnectors, type SandboxOptions } from './create-sandbox-connectors.js';
export { SANDBOX_FIXTURES, type SandboxFixtures } from './fixtures.js';
export { exportSandbox, type ExportPart, type SandboxExportOptions } from './export/export-sandbox.js';
export { SANDBOX_PHOTO_ORIGIN, SANDBOX_PHOTO_PATH, sandboxPhotoSvg } from './catalog/sandbox-photos.js';
