import type { Property } from '@hotelapi/connectors';
import type { McpToolDefinition, SupportedLanguage } from '@hotelapi/domain';
import type { z } from 'zod';
import type { ApiServices } from '../../services/context.js';

/** What every call knows about its caller beyond the arguments. */
export interface CallerContext {
  readonly services: ApiServices;
  /** Negotiated from Accept-Language: the language of the summary and of translated fields. */
  readonly language: SupportedLanguage;
  /** The raw header, for a tool whose own argument may override it (`lang`). */
  readonly acceptLanguage: string | undefined;
}

/** One call of a tool with arguments `Args`, as its answer function receives it. */
export interface ToolCall<Args> extends CallerContext {
  /** The property `hotelCode` names: the key may read it and the catalog knows it. */
  readonly property: Property;
  readonly args: Args;
}

/** A tool's answer, before the endpoint wraps it as an MCP result. */
export interface ToolAnswer<Data> {
  readonly data: Data;
  /** One short sentence in the caller's language, for clients that only show text. */
  readonly summary: string;
}

/** Arguments a tool has accepted: the property they name, and how to answer once the key may read it. */
export interface AcceptedCall {
  readonly hotelCode: string;
  answer(property: Property, caller: CallerContext): Promise<ToolAnswer<unknown>>;
}

/** The outcome of checking raw arguments: an accepted call, or zod's issues saying what is wrong. */
export type ArgumentCheck =
  | { readonly ok: true; readonly call: AcceptedCall }
  | { readonly ok: false; readonly issues: readonly z.core.$ZodIssue[] };

/**
 * A tool as the endpoint runs it, whatever its arguments: the typed answer function of each tool
 * module is bound to its own input schema by `defineTool`, so nothing downstream needs to know
 * which tool it holds.
 */
export interface McpTool {
  /** The tool's entry in the domain's `mcpTools`: title, description, input and data schemas. */
  readonly definition: McpToolDefinition;
  /** Checks raw JSON arguments against the tool's input schema; only then can the call be answered. */
  accept(rawArguments: unknown): ArgumentCheck;
}

/**
 * Binds a tool's answer function to the schemas `libs/domain` declares for it (`mcpTools.<name>`):
 * the arguments are what its input schema accepted, the answer's data what its data schema
 * describes. The answer runs only for a property the key may read: the endpoint checks the grant
 * (and looks the property up) between `accept` and `answer`.
 */
export function defineTool<Args extends { readonly hotelCode: string }, Data>(
  definition: McpToolDefinition & { readonly input: z.ZodType<Args>; readonly data: z.ZodType<Data> },
  answer: (call: ToolCall<Args>) => Promise<ToolAnswer<Data>>,
): McpTool {
  return {
    definition,
    accept(rawArguments) {
      const parsed = definition.input.safeParse(rawArguments);
      if (!parsed.success) return { ok: false, issues: parsed.error.issues };
      const args = parsed.data;
      return {
        ok: true,
        call: { hotelCode: args.hotelCode, answer: (property, caller) => answer({ ...caller, property, args }) },
      };
    },
  };
}
