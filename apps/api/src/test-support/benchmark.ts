/**
 * What `tools/bench` (`npm run bench`) needs to build the MCP baseline from the API's own tool handlers, so
 * both sides of the comparison do the same work. Not part of the service's build.
 */
export { loadConfig } from '../config.js';
export { authInfoFor, callerOf, type McpCaller } from '../mcp/caller.js';
export { callTool } from '../mcp/tool-call.js';
export { HOTEL_TOOLS } from '../mcp/tools/index.js';
export { loadTlsMaterial } from '../http/server/tls.js';
export { createApiServices } from '../services/context.js';
export { ApiProcess } from './api-process.js';
export { PRODUCTION_ENTRY_POINT, PRODUCTION_NODE_OPTIONS } from './production-start.js';
export { TestNginx } from './nginx.js';
export { freePort, TestRedis } from './real-servers.js';
export { priceCalendar } from '../services/price-calendar.js';
