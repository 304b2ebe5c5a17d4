import type { Catalog } from './en.js';

/** French. */
export const fr: Catalog = {
  'board.RO': 'Chambre seule',
  'board.BB': 'Chambre et petit-déjeuner',
  'board.HB': 'Demi-pension',
  'board.FB': 'Pension complète',
  'board.AI': 'Tout compris',
  'board.SC': 'Sans repas (cuisine équipée)',

  'status.AVL': 'Disponible',
  'status.MINSTAY': 'Durée minimale de séjour non atteinte',
  'status.CLOSED': 'Fermé',
  'status.SOLDOUT': 'Complet',

  'cancellation.NON_REFUNDABLE': 'Non remboursable : le montant total est débité à la réservation et n’est pas remboursé.',
  'cancellation.FREE_UNTIL': 'Annulation gratuite jusqu’à {days} jours avant l’arrivée.',
  'cancellation.FREE_UNTIL_DAY_BEFORE': 'Annulation gratuite jusqu’à la veille de l’arrivée.',
  'cancellation.FREE_UNTIL_ARRIVAL': 'Annulation gratuite jusqu’au jour de l’arrivée.',

  'extra.WIFI': 'Wi-Fi gratuit',
  'extra.PARKING': 'Parking',
  'extra.LATE_CHECKOUT': 'Départ tardif',
  'extra.SPA_ACCESS': 'Accès au spa',
  'extra.AIRPORT_TRANSFER': 'Transfert aéroport',
  'extra.WELCOME_DRINK': 'Boisson de bienvenue',
  'extra.BREAKFAST': 'Petit-déjeuner',

  'tripType.all': 'Tous les voyageurs',
  'tripType.business': 'Voyageurs d’affaires',
  'tripType.couple': 'Couples',
  'tripType.family': 'Familles',
  'tripType.solo': 'Voyageurs seuls',
  'tripType.group': 'Groupes',

  'season.WINTER': 'Hiver',
  'season.SPRING': 'Printemps',
  'season.SUMMER': 'Été',
  'season.AUTUMN': 'Automne',

  'reviewerCategory.FAMILY': 'Famille',
  'reviewerCategory.COUPLE': 'Couple',
  'reviewerCategory.GROUP': 'Groupe',
  'reviewerCategory.SOLO': 'Voyageur seul',
  'reviewerCategory.UNKNOWN': 'Non précisé',

  'mcp.propertyInfo': '{name} ({code}). Réservez sur {bookurl}',
  'mcp.propertyRooms': '{name} propose {count} types de chambre ; {active} sont réservables.',
  'mcp.propertyReviews':
    '{name} obtient une note de {score} sur 10 d’après {reviews} avis. Page {page} sur {totalPages}.',
  'mcp.propertyReviewsNone': '{name} n’a pas encore d’avis.',
  'mcp.lowestMonthlyRates':
    'Sur les {months} prochains mois, les tarifs par nuit les plus bas à {name} commencent à {rate}.',
  'mcp.lowestMonthlyRatesNone': 'Aucune nuit n’est réservable à {name} dans les {months} prochains mois.',
  'mcp.shopRate': 'Le tarif le moins cher à {name} du {checkIn} au {checkOut} est de {price} ({roomName}).',
  'mcp.shopRateNone': 'Aucun tarif n’est disponible à {name} du {checkIn} au {checkOut}.',
  'mcp.availabilitySingle':
    '{available} options de chambre et de tarif sur {total} sont disponibles à {name} du {checkIn} au {checkOut}.',
  'mcp.availabilitySingleNone': 'Aucune disponibilité à {name} du {checkIn} au {checkOut}.',
  'mcp.chainSearch':
    '{count} établissements de {chain} sont réservables du {checkIn} au {checkOut} ; le moins cher est {name} à {price}.',
  'mcp.chainSearchNone': 'Aucun établissement de {chain} n’est réservable du {checkIn} au {checkOut} avec ces filtres.',

  'mcp.parity': 'Parité à {name} pour les arrivées du {from} au {to} : {channels} canaux comparés, dont {lost} sous le prix direct au moins une fois.',

  'mcp.parityAlerts': '{count} alertes de parité récentes pour {place} : {breaches} ruptures, {restored} rétablies.',
};
