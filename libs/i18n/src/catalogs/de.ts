import type { Catalog } from './en.js';

/** German. */
export const de: Catalog = {
  'board.RO': 'Nur Übernachtung',
  'board.BB': 'Übernachtung mit Frühstück',
  'board.HB': 'Halbpension',
  'board.FB': 'Vollpension',
  'board.AI': 'All-inclusive',
  'board.SC': 'Selbstverpflegung',

  'status.AVL': 'Verfügbar',
  'status.MINSTAY': 'Mindestaufenthalt nicht erreicht',
  'status.CLOSED': 'Geschlossen',
  'status.SOLDOUT': 'Ausgebucht',

  'cancellation.NON_REFUNDABLE':
    'Nicht erstattbar: Der Gesamtbetrag wird bei der Buchung belastet und nicht zurückerstattet.',
  'cancellation.FREE_UNTIL': 'Kostenlose Stornierung bis {days} Tage vor der Anreise.',
  'cancellation.FREE_UNTIL_DAY_BEFORE': 'Kostenlose Stornierung bis zum Tag vor der Anreise.',
  'cancellation.FREE_UNTIL_ARRIVAL': 'Kostenlose Stornierung bis zum Anreisetag.',

  'extra.WIFI': 'Kostenloses WLAN',
  'extra.PARKING': 'Parkplatz',
  'extra.LATE_CHECKOUT': 'Später Check-out',
  'extra.SPA_ACCESS': 'Spa-Zugang',
  'extra.AIRPORT_TRANSFER': 'Flughafentransfer',
  'extra.WELCOME_DRINK': 'Begrüßungsgetränk',
  'extra.BREAKFAST': 'Frühstück',

  'tripType.all': 'Alle Reisenden',
  'tripType.business': 'Geschäftsreisende',
  'tripType.couple': 'Paare',
  'tripType.family': 'Familien',
  'tripType.solo': 'Alleinreisende',
  'tripType.group': 'Gruppen',

  'season.WINTER': 'Winter',
  'season.SPRING': 'Frühling',
  'season.SUMMER': 'Sommer',
  'season.AUTUMN': 'Herbst',

  'reviewerCategory.FAMILY': 'Familie',
  'reviewerCategory.COUPLE': 'Paar',
  'reviewerCategory.GROUP': 'Gruppe',
  'reviewerCategory.SOLO': 'Alleinreisend',
  'reviewerCategory.UNKNOWN': 'Keine Angabe',

  'mcp.propertyInfo': '{name} ({code}). Buchbar unter {bookurl}',
  'mcp.propertyRooms': '{name} hat {count} Zimmertypen; {active} davon sind buchbar.',
  'mcp.propertyReviews':
    '{name} erreicht {score} von 10 Punkten aus {reviews} Bewertungen. Seite {page} von {totalPages}.',
  'mcp.propertyReviewsNone': 'Für {name} gibt es noch keine Bewertungen.',
  'mcp.lowestMonthlyRates':
    'Die niedrigsten Übernachtungspreise für {name} in den nächsten {months} Monaten beginnen bei {rate}.',
  'mcp.lowestMonthlyRatesNone': 'Im {name} ist in den nächsten {months} Monaten keine Nacht buchbar.',
  'mcp.shopRate': 'Die günstigste Rate für {name} vom {checkIn} bis {checkOut} beträgt {price} ({roomName}).',
  'mcp.shopRateNone': 'Für {name} ist vom {checkIn} bis {checkOut} keine Rate verfügbar.',
  'mcp.availabilitySingle':
    '{available} von {total} Zimmer- und Ratenoptionen sind für {name} vom {checkIn} bis {checkOut} verfügbar.',
  'mcp.availabilitySingleNone': 'Für {name} ist vom {checkIn} bis {checkOut} nichts verfügbar.',
  'mcp.chainSearch':
    '{count} Häuser von {chain} sind vom {checkIn} bis {checkOut} buchbar; am günstigsten ist {name} für {price}.',
  'mcp.chainSearchNone': 'Kein Haus von {chain} ist vom {checkIn} bis {checkOut} mit diesen Filtern buchbar.',

  'mcp.parity': 'Preisparität im {name} für Anreisen vom {from} bis {to}: {channels} Kanäle verglichen, {lost} davon mindestens einmal unter dem Direktpreis.',

  'mcp.parityAlerts': '{count} aktuelle Paritätsmeldungen für {place}: {breaches} Verstöße, {restored} behoben.',
};
