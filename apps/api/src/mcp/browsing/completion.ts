import { ErrorCode, McpError, type CompleteRequest, type CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiServices } from '../../services/context.js';
import type { McpCaller } from '../caller.js';
import { PROPERTY_URI_TEMPLATE } from './property-resources.js';
import { promptNamed, type ArgumentKind } from './prompts.js';
import { readableChainCodes, readablePropertyCodes } from './readable-codes.js';

/** MCP caps a completion at 100 values. */
const MAX_VALUES = 100;

/**
 * `completion/complete` for the property template's `{code}` and every prompt argument that names
 * a property or a chain: codes starting with what was typed (any case), only those the caller may
 * read. An argument we do not complete is refused as invalid params, not answered with nothing.
 */
export function complete(services: ApiServices, caller: McpCaller, { ref, argument }: CompleteRequest['params']): CompleteResult {
  const kind = argumentKind(ref, argument.name);
  if (kind === 'other') return { completion: { values: [], total: 0, hasMore: false } };
  const codes = kind === 'property' ? readablePropertyCodes(services.directory, caller.principal) : readableChainCodes(services.directory, caller.principal);
  const typed = argument.value.toUpperCase();
  const matching = codes.filter((code) => code.toUpperCase().startsWith(typed));
  return { completion: { values: matching.slice(0, MAX_VALUES), total: matching.length, hasMore: matching.length > MAX_VALUES } };
}

function argumentKind(ref: CompleteRequest['params']['ref'], name: string): ArgumentKind {
  if (ref.type === 'ref/resource') {
    if (ref.uri !== PROPERTY_URI_TEMPLATE) throw new McpError(ErrorCode.InvalidParams, `Unknown resource template ${ref.uri}: this server has ${PROPERTY_URI_TEMPLATE}.`);
    if (name !== 'code') throw new McpError(ErrorCode.InvalidParams, `The template ${PROPERTY_URI_TEMPLATE} has no argument "${name}"; it has code.`);
    return 'property';
  }
  const prompt = promptNamed(ref.name);
  const info = Object.hasOwn(prompt.argumentInfo, name) ? (prompt.argumentInfo as Record<string, { kind: ArgumentKind }>)[name] : undefined;
  if (!info) {
    throw new McpError(ErrorCode.InvalidParams, `The prompt ${ref.name} has no argument "${name}"; it has ${Object.keys(prompt.argumentInfo).join(', ')}.`);
  }
  return info.kind;
}
