import type { Catalog } from './en.js';

/**
 * Portuguese, in Brazilian wording ("café da manhã", "diárias"): Intl formats a bare `pt` by
 * Brazilian conventions too, and `pt-BR` is the regional variant clients send most.
 */
export const pt: Catalog = {
  'board.RO': 'Somente hospedagem',
  'board.BB': 'Hospedagem com café da manhã',
  'board.HB': 'Meia pensão',
  'board.FB': 'Pensão completa',
  'board.AI': 'Tudo incluído',
  'board.SC': 'Sem refeições (com cozinha)',

  'status.AVL': 'Disponível',
  'status.MINSTAY': 'Estadia mínima não atingida',
  'status.CLOSED': 'Fechado',
  'status.SOLDOUT': 'Esgotado',

  'cancellation.NON_REFUNDABLE': 'Não reembolsável: o valor total é cobrado no momento da reserva e não é devolvido.',
  'cancellation.FREE_UNTIL': 'Cancelamento gratuito até {days} dias antes da chegada.',
  'cancellation.FREE_UNTIL_DAY_BEFORE': 'Cancelamento gratuito até o dia anterior à chegada.',
  'cancellation.FREE_UNTIL_ARRIVAL': 'Cancelamento gratuito até o dia da chegada.',

  'extra.WIFI': 'Wi-Fi grátis',
  'extra.PARKING': 'Estacionamento',
  'extra.LATE_CHECKOUT': 'Check-out tardio',
  'extra.SPA_ACCESS': 'Acesso ao spa',
  'extra.AIRPORT_TRANSFER': 'Traslado do aeroporto',
  'extra.WELCOME_DRINK': 'Drinque de boas-vindas',
  'extra.BREAKFAST': 'Café da manhã',

  'tripType.all': 'Todos os viajantes',
  'tripType.business': 'Viajantes a negócios',
  'tripType.couple': 'Casais',
  'tripType.family': 'Famílias',
  'tripType.solo': 'Viajantes individuais',
  'tripType.group': 'Grupos',

  'season.WINTER': 'Inverno',
  'season.SPRING': 'Primavera',
  'season.SUMMER': 'Verão',
  'season.AUTUMN': 'Outono',

  'reviewerCategory.FAMILY': 'Família',
  'reviewerCategory.COUPLE': 'Casal',
  'reviewerCategory.GROUP': 'Grupo',
  'reviewerCategory.SOLO': 'Viajante individual',
  'reviewerCategory.UNKNOWN': 'Não informado',

  'mcp.propertyInfo': '{name} ({code}). Reserve em {bookurl}',
  'mcp.propertyRooms': '{name} tem {count} tipos de quarto; {active} podem ser reservados.',
  'mcp.propertyReviews':
    '{name} tem nota {score} de 10 com base em {reviews} avaliações. Página {page} de {totalPages}.',
  'mcp.propertyReviewsNone': '{name} ainda não tem avaliações.',
  'mcp.lowestMonthlyRates': 'As menores diárias de {name} nos próximos {months} meses começam em {rate}.',
  'mcp.lowestMonthlyRatesNone': 'Não há nenhuma diária disponível em {name} nos próximos {months} meses.',
  'mcp.shopRate': 'A tarifa mais barata em {name}, de {checkIn} a {checkOut}, é {price} ({roomName}).',
  'mcp.shopRateNone': 'Não há tarifa disponível em {name} de {checkIn} a {checkOut}.',
  'mcp.availabilitySingle':
    '{available} de {total} opções de quarto e tarifa estão disponíveis em {name} de {checkIn} a {checkOut}.',
  'mcp.availabilitySingleNone': 'Não há disponibilidade em {name} de {checkIn} a {checkOut}.',
  'mcp.chainSearch':
    '{count} propriedades de {chain} podem ser reservadas de {checkIn} a {checkOut}; a mais barata é {name} por {price}.',
  'mcp.chainSearchNone': 'Nenhuma propriedade de {chain} pode ser reservada de {checkIn} a {checkOut} com estes filtros.',

  'mcp.parity': 'Paridade em {name} para chegadas de {from} a {to}: {channels} canais comparados, {lost} deles abaixo do preço direto ao menos uma vez.',

  'mcp.parityAlerts': '{count} alertas de paridade recentes para {place}: {breaches} quebras, {restored} repostas.',
};
