import { canReadChain, canReadProperty } from '@hotelapi/auth';
import { CalendarDate, ChainCode, PropertyCode, ReviewerCategory } from '@hotelapi/domain';
import { ErrorCode, McpError, type GetPromptResult, type ListPromptsResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiServices } from '../../services/context.js';
import type { McpCaller } from '../caller.js';

/** What an argument names, so completion knows which codes to offer. */
export type ArgumentKind = 'property' | 'chain' | 'other';

interface HotelPrompt<Args extends z.ZodObject> {
  readonly title: string;
  readonly description: string;
  /** MCP prompt arguments are strings; this schema checks and converts them. */
  readonly args: Args;
  /** Per argument: its description and what it names. */
  readonly argumentInfo: { readonly [Name in keyof z.input<Args>]-?: { readonly description: string; readonly kind: ArgumentKind } };
  text(args: z.output<Args>): string;
}

function definePrompt<Args extends z.ZodObject>(prompt: HotelPrompt<Args>): HotelPrompt<Args> {
  return prompt;
}

const Weeks = z.coerce.number().int().min(1).max(12);

/**
 * Prompts for what revenue managers and travel agents ask most: each a user message that tells
 * the model which of our tools to call, with what, and what to report.
 */
export const HOTEL_PROMPTS = {
  parity_check: definePrompt({
    title: 'Rate parity check',
    description: 'Compare a property’s direct price with the OTAs’ over the next weeks and report where it wins, meets or loses.',
    args: z.object({ hotelCode: PropertyCode, weeks: Weeks.default(4) }),
    argumentInfo: {
      hotelCode: { description: 'Property code, e.g. ACME001.', kind: 'property' },
      weeks: { description: 'How many weeks ahead to check (1 to 12, default 4).', kind: 'other' },
    },
    text: ({ hotelCode, weeks }) =>
      `Check rate parity for property ${hotelCode} over the next ${weeks} weeks. Call get_property_info first for its ` +
      `currency and time zone, and get_parity_alerts for the breaches and restorations already told. Then, for one two-night stay starting each week (use dates from today in the property's ` +
      `time zone), call shop_property_rate with no channel, and compare each OTA channel's price with the direct (CRS) price ` +
      `of the same room and rate (get_property_parity gives the statuses directly where it is offered). Report, per week, ` +
      `the channels that undercut the direct price and by how much, and finish with the week most at risk.`,
  }),
  review_digest: definePrompt({
    title: 'Review digest by trip type',
    description: 'Summarise recent guest reviews of a property, by trip type (family, couple, group, solo).',
    args: z.object({ hotelCode: PropertyCode, tripType: ReviewerCategory.optional() }),
    argumentInfo: {
      hotelCode: { description: 'Property code, e.g. ACME001.', kind: 'property' },
      tripType: { description: 'Only this trip type: FAMILY, COUPLE, GROUP, SOLO or UNKNOWN. All when omitted.', kind: 'other' },
    },
    text: ({ hotelCode, tripType }) =>
      `Write a digest of recent guest reviews of property ${hotelCode}${tripType ? ` from ${tripType} travellers` : ', by trip type'}. ` +
      `Call get_property_reviews with sort dateReviewed, limit 50 and verbose true${tripType ? `, category ${tripType}` : ''}; ` +
      `use tripTypes for the score per trip type and its categories. Give the overall score (out of 10), what guests praise ` +
      `and what they complain about, with short quotes, and say how many reviews the digest rests on.`,
  }),
  stay_plan: definePrompt({
    title: 'Stay plan across a chain',
    description: 'Find where to stay within a chain for given dates and party, and plan the booking.',
    args: z
      .object({
        chainCode: ChainCode,
        checkIn: CalendarDate,
        checkOut: CalendarDate,
        adults: z.coerce.number().int().min(1).max(9).default(2),
        destination: z.string().min(1).optional(),
        currency: z.string().regex(/^[A-Z]{3}$/).default('EUR'),
      })
      .refine((stay) => stay.checkOut > stay.checkIn, { message: 'checkOut must be after checkIn', path: ['checkOut'] }),
    argumentInfo: {
      chainCode: { description: 'Chain code, e.g. ACME.', kind: 'chain' },
      checkIn: { description: 'Check-in date, yyyy-MM-dd.', kind: 'other' },
      checkOut: { description: 'Check-out date, yyyy-MM-dd.', kind: 'other' },
      adults: { description: 'Adults (default 2).', kind: 'other' },
      destination: { description: 'Only this destination, by name.', kind: 'other' },
      currency: { description: 'Currency of prices (ISO 4217, default EUR).', kind: 'other' },
    },
    text: ({ chainCode, checkIn, checkOut, adults, destination, currency }) =>
      `Plan a stay with chain ${chainCode} from ${checkIn} to ${checkOut} for ${adults} adults${destination ? ` in ${destination}` : ''}. ` +
      `Call search_chain_availability with chainCode ${chainCode}, checkIn ${checkIn}, checkOut ${checkOut}, adults ${adults}, ` +
      `currency ${currency}${destination ? `, destination "${destination}"` : ''}. Propose the three best-value properties ` +
      `(price, rating, location), check the favourite with get_property_availability_single for its rooms and rates, ` +
      `and end with its booking link.`,
  }),
} as const;

export type HotelPromptName = keyof typeof HOTEL_PROMPTS;

/** `prompts/list`, built once. */
export const PROMPT_LISTING: ListPromptsResult = {
  prompts: Object.entries(HOTEL_PROMPTS).map(([name, prompt]): Prompt => {
    const shape = prompt.args instanceof z.ZodObject ? prompt.args.shape : {};
    return {
      name,
      title: prompt.title,
      description: prompt.description,
      arguments: Object.entries(prompt.argumentInfo as Record<string, { description: string }>).map(([argument, info]) => ({
        name: argument,
        description: info.description,
        required: !(shape as Record<string, z.ZodType>)[argument]?.safeParse(undefined).success,
      })),
    };
  }),
};

export function promptNamed(name: string): HotelPrompt<z.ZodObject> {
  // Own names only: `__proto__` or `toString` name no prompt.
  const prompt = Object.hasOwn(HOTEL_PROMPTS, name) ? (HOTEL_PROMPTS as Record<string, HotelPrompt<z.ZodObject>>)[name] : undefined;
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt "${name}". This server offers: ${Object.keys(HOTEL_PROMPTS).join(', ')}.`);
  return prompt;
}

/**
 * `prompts/get`: the prompt's message with its arguments checked, including the caller's grant
 * for the property or chain it names, so a prompt never steers a model towards data it may not read.
 */
export function getPrompt(services: ApiServices, caller: McpCaller, name: string, rawArgs: Record<string, string> | undefined): GetPromptResult {
  const prompt = promptNamed(name);
  const parsed = prompt.args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
    throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${problems}.`);
  }
  const args = parsed.data as Record<string, unknown>;
  for (const [argument, info] of Object.entries(prompt.argumentInfo as Record<string, { kind: ArgumentKind }>)) {
    const value = args[argument];
    if (typeof value !== 'string') continue;
    if (info.kind === 'property' && !canReadProperty(caller.principal, value, services.directory.chainOf)) {
      throw new McpError(ErrorCode.InvalidParams, `This API key may not read property ${value}.`);
    }
    if (info.kind === 'chain' && !canReadChain(caller.principal, value)) {
      throw new McpError(ErrorCode.InvalidParams, `This API key may not search chain ${value}.`);
    }
  }
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: prompt.text(parsed.data) } }],
  };
}
