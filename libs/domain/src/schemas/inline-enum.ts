import { z } from 'zod';

/**
 * A copy of a shared enum that is written out in place instead of referring to its OpenAPI component.
 * Request parameters need it: OpenAPI tools show a query parameter whose schema is a `$ref` without its
 * description or default, and many MCP clients read tool arguments poorly through `$ref`s. Responses keep
 * the shared component.
 */
export function InlineEnum<Values extends z.core.util.EnumLike>(shared: z.ZodEnum<Values>): z.ZodEnum<Values> {
  return z.enum(shared.enum);
}
