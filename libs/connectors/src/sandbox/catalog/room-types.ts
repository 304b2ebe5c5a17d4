import type { Translations } from '../world/languages.js';

/** A kind of room a sandbox property may have; its code is the room code. */
export interface RoomType {
  readonly code: string;
  readonly name: Translations;
  readonly description: Translations;
  readonly maxAdults: number;
  /** Adults and children together. */
  readonly maxOccupancy: number;
  /** Nightly price against the property's standard double room. */
  readonly priceFactor: number;
}

/** The standard double: every property has one, so two adults can always find a room. */
export const STANDARD_ROOM_CODE = 'DBL';

/** Every room type, cheapest first: properties list their rooms in this order. */
export const ROOM_TYPES: readonly RoomType[] = [
  {
    code: 'SGL',
    name: { en: 'Single Room', es: 'Habitación individual', fr: 'Chambre simple', de: 'Einzelzimmer', it: 'Camera singola', pt: 'Quarto individual' },
    description: {
      en: 'A compact room with a single bed, ideal for solo travellers.',
      es: 'Habitación compacta con cama individual, ideal para quien viaja solo.',
      fr: 'Chambre compacte avec un lit simple, idéale pour voyager seul.',
      de: 'Kompaktes Zimmer mit Einzelbett, ideal für Alleinreisende.',
      it: 'Camera compatta con letto singolo, ideale per chi viaggia da solo.',
      pt: 'Quarto compacto com cama individual, ideal para quem viaja sozinho.',
    },
    maxAdults: 1,
    maxOccupancy: 1,
    priceFactor: 0.75,
  },
  {
    code: 'DBL',
    name: { en: 'Double Room', es: 'Habitación doble', fr: 'Chambre double', de: 'Doppelzimmer', it: 'Camera doppia', pt: 'Quarto duplo' },
    description: {
      en: 'A comfortable room with a double bed.',
      es: 'Habitación confortable con cama de matrimonio.',
      fr: 'Chambre confortable avec un lit double.',
      de: 'Komfortables Zimmer mit Doppelbett.',
      it: 'Camera confortevole con letto matrimoniale.',
      pt: 'Quarto confortável com cama de casal.',
    },
    maxAdults: 2,
    maxOccupancy: 3,
    priceFactor: 1,
  },
  {
    code: 'TWN',
    name: { en: 'Twin Room', es: 'Habitación con dos camas', fr: 'Chambre lits jumeaux', de: 'Zweibettzimmer', it: 'Camera con due letti', pt: 'Quarto twin' },
    description: {
      en: 'Two single beds, a desk and a rain shower.',
      es: 'Dos camas individuales, escritorio y ducha de lluvia.',
      fr: 'Deux lits simples, un bureau et une douche à effet pluie.',
      de: 'Zwei Einzelbetten, Schreibtisch und Regendusche.',
      it: 'Due letti singoli, scrivania e doccia a pioggia.',
      pt: 'Duas camas individuais, secretária e duche de chuva.',
    },
    maxAdults: 2,
    maxOccupancy: 2,
    priceFactor: 1.02,
  },
  {
    code: 'SUP',
    name: {
      en: 'Superior Double Room',
      es: 'Habitación doble superior',
      fr: 'Chambre double supérieure',
      de: 'Superior Doppelzimmer',
      it: 'Camera doppia superior',
      pt: 'Quarto duplo superior',
    },
    description: {
      en: 'More space, a king-size bed and a seating area.',
      es: 'Más espacio, cama extragrande y zona de estar.',
      fr: "Plus d'espace, un lit king-size et un coin salon.",
      de: 'Mehr Platz, ein Kingsize-Bett und eine Sitzecke.',
      it: 'Più spazio, letto king-size e angolo salotto.',
      pt: 'Mais espaço, cama king-size e zona de estar.',
    },
    maxAdults: 2,
    maxOccupancy: 3,
    priceFactor: 1.25,
  },
  {
    code: 'FAM',
    name: { en: 'Family Room', es: 'Habitación familiar', fr: 'Chambre familiale', de: 'Familienzimmer', it: 'Camera familiare', pt: 'Quarto familiar' },
    description: {
      en: 'A double bed and two single beds for families of up to four.',
      es: 'Cama de matrimonio y dos camas individuales para familias de hasta cuatro personas.',
      fr: "Un lit double et deux lits simples pour les familles jusqu'à quatre personnes.",
      de: 'Ein Doppelbett und zwei Einzelbetten für Familien mit bis zu vier Personen.',
      it: 'Un letto matrimoniale e due letti singoli per famiglie fino a quattro persone.',
      pt: 'Cama de casal e duas camas individuais para famílias até quatro pessoas.',
    },
    maxAdults: 4,
    maxOccupancy: 4,
    priceFactor: 1.45,
  },
  {
    code: 'DLX',
    name: {
      en: 'Deluxe Room with View',
      es: 'Habitación deluxe con vistas',
      fr: 'Chambre deluxe avec vue',
      de: 'Deluxe-Zimmer mit Aussicht',
      it: 'Camera deluxe con vista',
      pt: 'Quarto deluxe com vista',
    },
    description: {
      en: 'High floor, panoramic windows and a bathtub.',
      es: 'Planta alta, ventanales panorámicos y bañera.',
      fr: 'Étage élevé, baies panoramiques et baignoire.',
      de: 'Hohe Etage, Panoramafenster und Badewanne.',
      it: 'Piano alto, vetrate panoramiche e vasca da bagno.',
      pt: 'Andar alto, janelas panorâmicas e banheira.',
    },
    maxAdults: 2,
    maxOccupancy: 3,
    priceFactor: 1.6,
  },
  {
    code: 'JST',
    name: { en: 'Junior Suite', es: 'Junior suite', fr: 'Suite junior', de: 'Juniorsuite', it: 'Junior suite', pt: 'Suite júnior' },
    description: {
      en: 'An open-plan suite with a lounge corner and a sofa bed.',
      es: 'Suite diáfana con rincón de estar y sofá cama.',
      fr: 'Suite ouverte avec coin salon et canapé-lit.',
      de: 'Offene Suite mit Lounge-Ecke und Schlafsofa.',
      it: 'Suite open space con angolo lounge e divano letto.',
      pt: 'Suite em open space com zona de estar e sofá-cama.',
    },
    maxAdults: 3,
    maxOccupancy: 4,
    priceFactor: 1.9,
  },
  {
    code: 'STE',
    name: { en: 'Suite', es: 'Suite', fr: 'Suite', de: 'Suite', it: 'Suite', pt: 'Suite' },
    description: {
      en: 'A separate bedroom and living room, with butler service.',
      es: 'Dormitorio y salón independientes, con servicio de mayordomo.',
      fr: 'Chambre et salon séparés, avec service de majordome.',
      de: 'Getrenntes Schlaf- und Wohnzimmer mit Butlerservice.',
      it: 'Camera e soggiorno separati, con servizio maggiordomo.',
      pt: 'Quarto e sala separados, com serviço de mordomo.',
    },
    maxAdults: 3,
    maxOccupancy: 4,
    priceFactor: 2.6,
  },
];
