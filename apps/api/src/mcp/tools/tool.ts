import type { Property } from '@hotelapi/connectors';
import type { McpToolDefinition, SupportedLanguage } from '@hotelapi/domain';
import type { z } from 'zod';
import type { ProgressReport } from '../../services/availability.js';
import type { ApiServices } from '../../services/context.js';
import { readableProperty } from '../../services/property-access.js';
import type { McpCaller } from '../caller.js';

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

/** What the server has for any call, whatever the tool is about. */
export interface ToolContext {
  readonly services: ApiServices;
  readonly caller: McpCaller;
  /** Present when the client asked for progress notifications (a progress token). */
  readonly progress?: ProgressReport | undefined;
}

/**
 * A tool: what `tools/list` declares of it (the domain's `mcpTools.<name>`: title, description,
 * input and data schemas) and how it answers arguments its input schema accepted, as
 * `McpServer.registerTool` pairs them. `answer` first resolves what the call is about (a property,
 * a chain), checking the caller's grant before it asks any connector, then runs the handler;
 * `callTool` turns whatever it throws into a tool result.
 *
 * `answer` is a method, so one table holds tools of different arguments (TypeScript compares
 * method parameters both ways); each handler still only ever gets what its own schema parsed.
 */
export interface HotelTool<Args = unknown, Data = unknown> {
  readonly definition: McpToolDefinition & { readonly input: z.ZodType<Args>; readonly data: z.ZodType<Data> };
  answer(args: Args, context: ToolContext): Promise<ToolAnswer<Data>>;
}

/**
 * A property tool from its entry in the domain's tool table and its handler, typed by that entry:
 * the handler's arguments are what the input schema accepts, its data what the data schema
 * describes. It runs for a property the key may read (`readableProperty` asks no connector when
 * the key may not read it, so a refused call costs no upstream request and reveals nothing).
 */
export function defineTool<Args extends PropertyArguments, Data>(
  definition: HotelTool<Args, Data>['definition'],
  handler: (call: ToolCall<Args>) => Promise<ToolAnswer<Data>>,
): HotelTool<Args, Data> {
  return {
    definition,
    async answer(args, { services, caller }) {
      const property = await readableProperty(services, caller.principal, args.hotelCode, 'hotelCode');
      return handler({ services, property, args, language: caller.language, acceptLanguage: caller.acceptLanguage });
    },
  };
}
