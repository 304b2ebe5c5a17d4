import { canReadProperty } from '@hotelapi/auth';
import { PropertyCode } from '@hotelapi/domain';
import { pickText } from '@hotelapi/i18n';
import {
  McpError,
  ErrorCode,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { ApiServices } from '../../services/context.js';
import { propertyInfo } from '../../services/property-info.js';
import type { McpCaller } from '../caller.js';
import { readablePropertyCodes } from './readable-codes.js';

/** The MCP spec's code for a resource that does not exist (or that this caller may not see). */
export const RESOURCE_NOT_FOUND = -32002;

const SCHEME = 'hotel://properties/';
export const PROPERTY_URI_TEMPLATE = `${SCHEME}{code}`;
const PAGE_SIZE = 50;
const CURSOR_VERSION = 'p1:';

export const PROPERTY_TEMPLATE: ListResourceTemplatesResult = {
  resourceTemplates: [
    {
      uriTemplate: PROPERTY_URI_TEMPLATE,
      name: 'property',
      title: 'Hotel property',
      description: 'Property information (as get_property_info gives it) for one property code the caller may read, in its language.',
      mimeType: 'application/json',
    },
  ],
};

/**
 * `resources/list`: every property the caller may read, `PAGE_SIZE` at a time in the catalog's
 * order. The cursor is opaque to clients: the last code of the page before, so a page never
 * shifts when the catalog grows. One that does not decode to a code the caller may read was
 * never issued to it, and is refused as invalid params rather than read as "start over".
 */
export async function listPropertyResources(services: ApiServices, caller: McpCaller, cursor: string | undefined): Promise<ListResourcesResult> {
  const codes = readablePropertyCodes(services.directory, caller.principal);
  const start = cursor === undefined ? 0 : positionAfter(codes, cursor);
  const page = codes.slice(start, start + PAGE_SIZE);
  const properties = await Promise.all(page.map((code) => services.connectors.catalog.getProperty(code)));
  const resources = page.map((code, index) => {
    const property = properties[index];
    return {
      uri: `${SCHEME}${code}`,
      name: code,
      ...(property ? { title: pickText(property.name, caller.language) } : {}),
      mimeType: 'application/json',
    };
  });
  const last = page.at(-1);
  const more = start + PAGE_SIZE < codes.length && last !== undefined;
  return { resources, ...(more ? { nextCursor: Buffer.from(`${CURSOR_VERSION}${last}`).toString('base64url') } : {}) };
}

function positionAfter(codes: readonly string[], cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const index = text.startsWith(CURSOR_VERSION) ? codes.indexOf(text.slice(CURSOR_VERSION.length)) : -1;
  if (index === -1) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor "${cursor}": it was not issued by resources/list for this caller. Start without a cursor.`);
  return index + 1;
}

/**
 * `resources/read` of `hotel://properties/{code}`: the property information as JSON, the same
 * function as `get_property_info`. A property the caller may not read is "not found", the same
 * answer as for one that does not exist, so codes cannot be probed; nothing is fetched for it.
 */
export async function readPropertyResource(services: ApiServices, caller: McpCaller, uri: string): Promise<ReadResourceResult> {
  if (!uri.startsWith(SCHEME)) throw new McpError(RESOURCE_NOT_FOUND, `Unknown resource ${uri}: this server has ${PROPERTY_URI_TEMPLATE}.`, { uri });
  const code = propertyCodeIn(uri.slice(SCHEME.length));
  if (code === undefined) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid resource URI ${JSON.stringify(uri)}: {code} must be a property code of 1 to 32 letters, digits, _ or -.`, { uri });
  }
  const notFound = () => new McpError(RESOURCE_NOT_FOUND, `Resource ${uri} not found: no property ${code} this caller may read.`, { uri });
  if (!canReadProperty(caller.principal, code, services.directory.chainOf)) throw notFound();
  const property = await services.connectors.catalog.getProperty(code);
  if (!property) throw notFound();
  const info = propertyInfo(property, caller.language);
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(info) }] };
}

/** The property code a URI's last part names, once percent-decoded; undefined when it names none (checked before any query). */
function propertyCodeIn(encoded: string): string | undefined {
  let code: string;
  try {
    code = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  return PropertyCode.safeParse(code).success ? code : undefined;
}
