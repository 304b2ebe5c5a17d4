/**
 * The English catalog: the source of message keys and the wording every other catalog
 * translates. Placeholders are `{name}`, filled by the translator (no ICU syntax).
 */
export const en = {
  // Boards (meal plans), by the domain's stable short code.
  'board.RO': 'Room only',
  'board.BB': 'Bed and breakfast',
  'board.HB': 'Half board',
  'board.FB': 'Full board',
  'board.AI': 'All inclusive',
  'board.SC': 'Self catering',

  // Availability status of a room and rate for a stay.
  'status.AVL': 'Available',
  'status.MINSTAY': 'Minimum stay not met',
  'status.CLOSED': 'Closed',
  'status.SOLDOUT': 'Sold out',

  // Cancellation policy of a rate plan. English has no ICU plurals here, so one day before
  // arrival has its own message instead of reading "1 days".
  'cancellation.NON_REFUNDABLE': 'Non-refundable: the full amount is charged at booking and not refunded.',
  'cancellation.FREE_UNTIL': 'Free cancellation until {days} days before arrival.',
  'cancellation.FREE_UNTIL_DAY_BEFORE': 'Free cancellation until the day before arrival.',
  'cancellation.FREE_UNTIL_ARRIVAL': 'Free cancellation until the day of arrival.',

  // Extras included in a rate plan.
  'extra.WIFI': 'Free Wi-Fi',
  'extra.PARKING': 'Parking',
  'extra.LATE_CHECKOUT': 'Late check-out',
  'extra.SPA_ACCESS': 'Spa access',
  'extra.AIRPORT_TRANSFER': 'Airport transfer',
  'extra.WELCOME_DRINK': 'Welcome drink',
  'extra.BREAKFAST': 'Breakfast',

  // Trip types of the reviews breakdown.
  'tripType.all': 'All travellers',
  'tripType.business': 'Business travellers',
  'tripType.couple': 'Couples',
  'tripType.family': 'Families',
  'tripType.solo': 'Solo travellers',
  'tripType.group': 'Groups',

  'season.WINTER': 'Winter',
  'season.SPRING': 'Spring',
  'season.SUMMER': 'Summer',
  'season.AUTUMN': 'Autumn',

  'reviewerCategory.FAMILY': 'Family',
  'reviewerCategory.COUPLE': 'Couple',
  'reviewerCategory.GROUP': 'Group',
  'reviewerCategory.SOLO': 'Solo traveller',
  'reviewerCategory.UNKNOWN': 'Not specified',

  // Short summaries for the MCP tools' `content`.
  'mcp.propertyInfo': '{name} ({code}). Book at {bookurl}',
  'mcp.propertyRooms': '{name} has {count} room types; {active} can be booked.',
  'mcp.propertyReviews': '{name} scores {score} out of 10 from {reviews} reviews. Showing page {page} of {totalPages}.',
  'mcp.propertyReviewsNone': '{name} has no reviews yet.',
  'mcp.lowestMonthlyRates': 'Lowest nightly rates at {name} for the next {months} months start at {rate}.',
  'mcp.lowestMonthlyRatesNone': 'No night can be booked at {name} in the next {months} months.',
  'mcp.shopRate': 'The cheapest rate at {name} from {checkIn} to {checkOut} is {price} ({roomName}).',
  'mcp.shopRateNone': 'No rate is available at {name} from {checkIn} to {checkOut}.',
  'mcp.availabilitySingle':
    '{available} of {total} room and rate options are available at {name} from {checkIn} to {checkOut}.',
  'mcp.availabilitySingleNone': 'Nothing is available at {name} from {checkIn} to {checkOut}.',
  'mcp.chainSearch':
    '{count} properties of {chain} can be booked from {checkIn} to {checkOut}; the cheapest is {name} at {price}.',
  'mcp.chainSearchNone': 'No property of {chain} can be booked from {checkIn} to {checkOut} with these filters.',

  'mcp.parity': 'Parity at {name} for arrivals from {from} to {to}: {channels} channels compared, {lost} of them undercut the direct price at least once.',

  'mcp.parityAlerts': '{count} recent parity alerts for {place}: {breaches} breaches, {restored} restored.',
} as const satisfies Record<string, string>;

/** A key of the message catalogs. */
export type MessageKey = keyof typeof en;

/**
 * A complete translation of the English catalog: a missing (or unknown) key fails the typecheck.
 */
export type Catalog = Record<MessageKey, string>;
