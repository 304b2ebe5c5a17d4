import type { McpToolDefinition } from '@hotelapi/domain';
import { ToolSchema, type ListToolsResult, type Tool, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** Every tool only reads hotel data, the same answer for the same question, and only ours. */
const READ_ONLY: Omit<ToolAnnotations, 'title'> = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** The `tools/list` result for a table of tools: names, descriptions, JSON Schemas and annotations. */
export function toolListing(tools: Readonly<Record<string, { readonly definition: McpToolDefinition }>>): ListToolsResult {
  return { tools: Object.entries(tools).map(([name, tool]) => describeTool(name, tool.definition)) };
}

/**
 * A tool as `tools/list` shows it. The JSON Schemas are draft-07, the dialect MCP clients
 * (the SDK's Ajv among them) validate with: arguments as a caller writes them (`io: 'input'`, so
 * defaults are optional), and the result as we send it (`io: 'output'`, where objects admit no
 * unknown field). The output is `{ data }`, exactly the shape of `structuredContent`. The SDK's own
 * `Tool` schema checks the result, so a schema MCP cannot carry fails at start-up, not in a client.
 */
function describeTool(name: string, definition: McpToolDefinition): Tool {
  return ToolSchema.parse({
    name,
    title: definition.title,
    description: definition.description,
    inputSchema: z.toJSONSchema(definition.input, { io: 'input', target: 'draft-07' }),
    outputSchema: z.toJSONSchema(z.object({ data: definition.data }), { io: 'output', target: 'draft-07' }),
    annotations: { title: definition.title, ...READ_ONLY },
  });
}
