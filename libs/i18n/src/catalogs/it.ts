import type { Catalog } from './en.js';

/** Italian. */
export const it: Catalog = {
  'board.RO': 'Solo pernottamento',
  'board.BB': 'Pernottamento e colazione',
  'board.HB': 'Mezza pensione',
  'board.FB': 'Pensione completa',
  'board.AI': 'Tutto incluso',
  'board.SC': 'Senza pasti (con angolo cottura)',

  'status.AVL': 'Disponibile',
  'status.MINSTAY': 'Soggiorno minimo non raggiunto',
  'status.CLOSED': 'Chiuso',
  'status.SOLDOUT': 'Esaurito',

  'cancellation.NON_REFUNDABLE':
    'Non rimborsabile: l’importo totale viene addebitato al momento della prenotazione e non viene rimborsato.',
  'cancellation.FREE_UNTIL': 'Cancellazione gratuita fino a {days} giorni prima dell’arrivo.',
  'cancellation.FREE_UNTIL_DAY_BEFORE': 'Cancellazione gratuita fino al giorno prima dell’arrivo.',
  'cancellation.FREE_UNTIL_ARRIVAL': 'Cancellazione gratuita fino al giorno dell’arrivo.',

  'extra.WIFI': 'Wi-Fi gratuito',
  'extra.PARKING': 'Parcheggio',
  'extra.LATE_CHECKOUT': 'Check-out posticipato',
  'extra.SPA_ACCESS': 'Accesso alla spa',
  'extra.AIRPORT_TRANSFER': 'Transfer aeroportuale',
  'extra.WELCOME_DRINK': 'Drink di benvenuto',
  'extra.BREAKFAST': 'Colazione',

  'tripType.all': 'Tutti i viaggiatori',
  'tripType.business': 'Viaggiatori d’affari',
  'tripType.couple': 'Coppie',
  'tripType.family': 'Famiglie',
  'tripType.solo': 'Viaggiatori singoli',
  'tripType.group': 'Gruppi',

  'season.WINTER': 'Inverno',
  'season.SPRING': 'Primavera',
  'season.SUMMER': 'Estate',
  'season.AUTUMN': 'Autunno',

  'reviewerCategory.FAMILY': 'Famiglia',
  'reviewerCategory.COUPLE': 'Coppia',
  'reviewerCategory.GROUP': 'Gruppo',
  'reviewerCategory.SOLO': 'Viaggiatore singolo',
  'reviewerCategory.UNKNOWN': 'Non specificato',

  'mcp.propertyInfo': '{name} ({code}). Prenota su {bookurl}',
  'mcp.propertyRooms': '{name} ha {count} tipologie di camera; {active} sono prenotabili.',
  'mcp.propertyReviews':
    '{name} ha un punteggio di {score} su 10 basato su {reviews} recensioni. Pagina {page} di {totalPages}.',
  'mcp.propertyReviewsNone': '{name} non ha ancora recensioni.',
  'mcp.lowestMonthlyRates':
    'Le tariffe per notte più basse presso {name} per i prossimi {months} mesi partono da {rate}.',
  'mcp.lowestMonthlyRatesNone': 'Nessuna notte è prenotabile presso {name} nei prossimi {months} mesi.',
  'mcp.shopRate': 'La tariffa più conveniente presso {name} dal {checkIn} al {checkOut} è {price} ({roomName}).',
  'mcp.shopRateNone': 'Nessuna tariffa disponibile presso {name} dal {checkIn} al {checkOut}.',
  'mcp.availabilitySingle':
    '{available} opzioni di camera e tariffa su {total} sono disponibili presso {name} dal {checkIn} al {checkOut}.',
  'mcp.availabilitySingleNone': 'Nessuna disponibilità presso {name} dal {checkIn} al {checkOut}.',
  'mcp.chainSearch':
    '{count} strutture di {chain} sono prenotabili dal {checkIn} al {checkOut}; la più economica è {name} a {price}.',
  'mcp.chainSearchNone': 'Nessuna struttura di {chain} è prenotabile dal {checkIn} al {checkOut} con questi filtri.',

  'mcp.parity': 'Parità presso {name} per arrivi dal {from} al {to}: {channels} canali confrontati, {lost} sotto il prezzo diretto almeno una volta.',

  'mcp.parityAlerts': '{count} avvisi di parità recenti per {place}: {breaches} violazioni, {restored} ripristinate.',
};
