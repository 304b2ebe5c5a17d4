import type { Property } from '@hotelapi/connectors';
import type { McpToolDefinition, SupportedLanguage } from '@hotelapi/domain';
import type { z } from 'zod';
import type { ApiServices } from '../../services/context.js';

/** What every tool argument list starts with: the property the call is about. */
export interface PropertyArguments {
  readonly hotelCode: string;
}

/** One call of a tool, as its handler receives it: checked arguments, for a property the key may read. */
export interface ToolCall<Args> {
  readonly services: ApiServices;
  /** The property `hotelCode` names: the key may read it and the catalog knows it. */
  readonly property: Property;
  readonly args: Args;
  /** Negotiated from Accept-Language: the language of the summary and of translated fields. */
  readonly language: SupportedLanguage;
  /** The raw header, for a tool whose own argument may override it (`lang`). */
  readonly acceptLanguage: string | undefined;
}

/** A tool's answer, before the server wraps it as an MCP result. */
export interface ToolAnswer<Data> {
  readonly data: Data;
  /** One short sentence in the caller's language, for clients that only show text. */
  readonly summary: string;
}

/**
 * A tool: what `tools/list` declares of it (the domain's `mcpTools.<name>`: title, description,
 * input and data schemas) and the handler that answers a call, as `McpServer.registerTool` pairs
 * them. The server checks the arguments against `definition.input` and the key's grant before
 * the handler runs.
 *
 * `answer` is a method, so one table holds tools of different arguments (TypeScript compares
 * method parameters both ways); each handler still only ever gets what its own schema parsed.
 */
export interface HotelTool<Args extends PropertyArguments = PropertyArguments, Data = unknown> {
  readonly definition: McpToolDefinition & { readonly input: z.ZodType<Args>; readonly data: z.ZodType<Data> };
  answer(call: ToolCall<Args>): Promise<ToolAnswer<Data>>;
}

/**
 * A tool from its entry in the domain's tool table and its handler, typed by that entry: the
 * handler's arguments are what the input schema accepts, its data what the data schema describes.
 */
export function defineTool<Args extends PropertyArguments, Data>(
  definition: HotelTool<Args, Data>['definition'],
  answer: (call: ToolCall<Args>) => Promise<ToolAnswer<Data>>,
): HotelTool<Args, Data> {
  return { definition, answer };
}
