import type { Catalog } from './en.js';

/** Spanish (Spain's hotel wording, understood across Latin America). */
export const es: Catalog = {
  'board.RO': 'Solo alojamiento',
  'board.BB': 'Alojamiento y desayuno',
  'board.HB': 'Media pensión',
  'board.FB': 'Pensión completa',
  'board.AI': 'Todo incluido',
  'board.SC': 'Sin comidas (con cocina)',

  'status.AVL': 'Disponible',
  'status.MINSTAY': 'No cumple la estancia mínima',
  'status.CLOSED': 'Cerrado',
  'status.SOLDOUT': 'Completo',

  'cancellation.NON_REFUNDABLE': 'No reembolsable: el importe total se cobra al reservar y no se devuelve.',
  'cancellation.FREE_UNTIL': 'Cancelación gratuita hasta {days} días antes de la llegada.',
  'cancellation.FREE_UNTIL_DAY_BEFORE': 'Cancelación gratuita hasta el día anterior a la llegada.',
  'cancellation.FREE_UNTIL_ARRIVAL': 'Cancelación gratuita hasta el día de llegada.',

  'extra.WIFI': 'Wi-Fi gratis',
  'extra.PARKING': 'Aparcamiento',
  'extra.LATE_CHECKOUT': 'Salida tardía',
  'extra.SPA_ACCESS': 'Acceso al spa',
  'extra.AIRPORT_TRANSFER': 'Traslado al aeropuerto',
  'extra.WELCOME_DRINK': 'Bebida de bienvenida',
  'extra.BREAKFAST': 'Desayuno',

  'tripType.all': 'Todos los viajeros',
  'tripType.business': 'Viajeros de negocios',
  'tripType.couple': 'Parejas',
  'tripType.family': 'Familias',
  'tripType.solo': 'Viajeros individuales',
  'tripType.group': 'Grupos',

  'season.WINTER': 'Invierno',
  'season.SPRING': 'Primavera',
  'season.SUMMER': 'Verano',
  'season.AUTUMN': 'Otoño',

  'reviewerCategory.FAMILY': 'Familia',
  'reviewerCategory.COUPLE': 'Pareja',
  'reviewerCategory.GROUP': 'Grupo',
  'reviewerCategory.SOLO': 'Viajero individual',
  'reviewerCategory.UNKNOWN': 'Sin especificar',

  'mcp.propertyInfo': '{name} ({code}). Reserve en {bookurl}',
  'mcp.propertyRooms': '{name} tiene {count} tipos de habitación; {active} se pueden reservar.',
  'mcp.propertyReviews':
    '{name} tiene una puntuación de {score} sobre 10 en {reviews} opiniones. Página {page} de {totalPages}.',
  'mcp.propertyReviewsNone': '{name} aún no tiene opiniones.',
  'mcp.lowestMonthlyRates': 'Las tarifas por noche más bajas de {name} en los próximos {months} meses parten de {rate}.',
  'mcp.lowestMonthlyRatesNone': 'No hay ninguna noche disponible en {name} en los próximos {months} meses.',
  'mcp.shopRate': 'La tarifa más barata de {name} del {checkIn} al {checkOut} es {price} ({roomName}).',
  'mcp.shopRateNone': 'No hay ninguna tarifa disponible en {name} del {checkIn} al {checkOut}.',
  'mcp.availabilitySingle':
    '{available} de {total} opciones de habitación y tarifa están disponibles en {name} del {checkIn} al {checkOut}.',
  'mcp.availabilitySingleNone': 'No hay disponibilidad en {name} del {checkIn} al {checkOut}.',
  'mcp.chainSearch':
    '{count} establecimientos de {chain} se pueden reservar del {checkIn} al {checkOut}; el más barato es {name} por {price}.',
  'mcp.chainSearchNone': 'Ningún establecimiento de {chain} se puede reservar del {checkIn} al {checkOut} con estos filtros.',

  'mcp.parity': 'Paridad en {name} para llegadas del {from} al {to}: {channels} canales comparados, {lost} de ellos rebajan el precio directo al menos una vez.',

  'mcp.parityAlerts': '{count} alertas de paridad recientes para {place}: {breaches} incumplimientos, {restored} resueltos.',
};
