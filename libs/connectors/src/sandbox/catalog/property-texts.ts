import type { SupportedLanguage } from '@hotelapi/domain';
import { TEXT_LANGUAGES, type Translations } from '../world/languages.js';

/**
 * Words that tell a chain's properties in one city apart ("ACME Lisbon Riverside"). There are
 * more than any chain has properties in one destination, so names never repeat within a chain.
 */
export const NAME_QUALIFIERS: readonly Translations[] = [
  { en: 'Old Town', es: 'Casco Antiguo', fr: 'Vieille Ville', de: 'Altstadt', it: 'Centro Storico', pt: 'Centro Histórico' },
  { en: 'Riverside', es: 'Ribera', fr: "Bord de l'Eau", de: 'Flussufer', it: 'Lungofiume', pt: 'Ribeirinha' },
  { en: 'Central', es: 'Centro', fr: 'Centre', de: 'Zentrum', it: 'Centro', pt: 'Centro' },
  { en: 'Garden', es: 'Jardín', fr: 'Jardin', de: 'Garten', it: 'Giardino', pt: 'Jardim' },
  { en: 'Station', es: 'Estación', fr: 'Gare', de: 'Bahnhof', it: 'Stazione', pt: 'Estação' },
  { en: 'Park', es: 'Parque', fr: 'Parc', de: 'Park', it: 'Parco', pt: 'Parque' },
  { en: 'Harbour', es: 'Puerto', fr: 'Port', de: 'Hafen', it: 'Porto', pt: 'Porto' },
  { en: 'Plaza', es: 'Plaza', fr: 'Place', de: 'Platz', it: 'Piazza', pt: 'Praça' },
  { en: 'Airport', es: 'Aeropuerto', fr: 'Aéroport', de: 'Flughafen', it: 'Aeroporto', pt: 'Aeroporto' },
  { en: 'Boulevard', es: 'Bulevar', fr: 'Boulevard', de: 'Boulevard', it: 'Viale', pt: 'Avenida' },
  { en: 'Hills', es: 'Colinas', fr: 'Collines', de: 'Hügel', it: 'Colline', pt: 'Colinas' },
  { en: 'Market', es: 'Mercado', fr: 'Marché', de: 'Markt', it: 'Mercato', pt: 'Mercado' },
  { en: 'Cathedral', es: 'Catedral', fr: 'Cathédrale', de: 'Dom', it: 'Duomo', pt: 'Catedral' },
  { en: 'Marina', es: 'Marina', fr: 'Marina', de: 'Marina', it: 'Marina', pt: 'Marina' },
  { en: 'Bay', es: 'Bahía', fr: 'Baie', de: 'Bucht', it: 'Baia', pt: 'Baía' },
  { en: 'Castle', es: 'Castillo', fr: 'Château', de: 'Schloss', it: 'Castello', pt: 'Castelo' },
  { en: 'Bridge', es: 'Puente', fr: 'Pont', de: 'Brücke', it: 'Ponte', pt: 'Ponte' },
  { en: 'Gallery', es: 'Galería', fr: 'Galerie', de: 'Galerie', it: 'Galleria', pt: 'Galeria' },
  { en: 'Tower', es: 'Torre', fr: 'Tour', de: 'Turm', it: 'Torre', pt: 'Torre' },
  { en: 'Lighthouse', es: 'Faro', fr: 'Phare', de: 'Leuchtturm', it: 'Faro', pt: 'Farol' },
  { en: 'Opera', es: 'Ópera', fr: 'Opéra', de: 'Oper', it: 'Opera', pt: 'Ópera' },
  { en: 'University', es: 'Universidad', fr: 'Université', de: 'Universität', it: 'Università', pt: 'Universidade' },
  { en: 'Waterfront', es: 'Paseo Marítimo', fr: 'Front de Mer', de: 'Uferpromenade', it: 'Lungomare', pt: 'Marginal' },
  { en: 'Viewpoint', es: 'Mirador', fr: 'Belvédère', de: 'Aussicht', it: 'Belvedere', pt: 'Miradouro' },
];

/** Opening of a property description by star rating (index 0 for 1 star). */
const CLASS_OPENINGS: readonly Translations[] = [
  {
    en: 'A simple, friendly hotel',
    es: 'Un hotel sencillo y acogedor',
    fr: 'Un hôtel simple et convivial',
    de: 'Ein einfaches, freundliches Hotel',
    it: 'Un hotel semplice e accogliente',
    pt: 'Um hotel simples e acolhedor',
  },
  {
    en: 'A friendly budget hotel',
    es: 'Un hotel económico y acogedor',
    fr: 'Un hôtel économique et convivial',
    de: 'Ein freundliches Budgethotel',
    it: 'Un hotel economico e accogliente',
    pt: 'Um hotel económico e acolhedor',
  },
  {
    en: 'A comfortable mid-range hotel',
    es: 'Un hotel confortable de categoría media',
    fr: 'Un hôtel confortable de milieu de gamme',
    de: 'Ein komfortables Mittelklassehotel',
    it: 'Un confortevole hotel di fascia media',
    pt: 'Um hotel confortável de gama média',
  },
  {
    en: 'An elegant upscale hotel',
    es: 'Un elegante hotel de categoría superior',
    fr: 'Un élégant hôtel haut de gamme',
    de: 'Ein elegantes gehobenes Hotel',
    it: 'Un elegante hotel di alta categoria',
    pt: 'Um elegante hotel de categoria superior',
  },
  { en: 'A luxury hotel', es: 'Un hotel de lujo', fr: 'Un hôtel de luxe', de: 'Ein Luxushotel', it: 'Un hotel di lusso', pt: 'Um hotel de luxo' },
];

/** Second sentence of a description: what sets the property apart. */
export const FEATURE_SENTENCES: readonly Translations[] = [
  {
    en: 'Guests enjoy a rooftop terrace with views over the city.',
    es: 'Los huéspedes disfrutan de una terraza en la azotea con vistas a la ciudad.',
    fr: "Les clients profitent d'un toit-terrasse avec vue sur la ville.",
    de: 'Gäste genießen eine Dachterrasse mit Blick über die Stadt.',
    it: 'Gli ospiti possono godere di una terrazza panoramica sulla città.',
    pt: 'Os hóspedes desfrutam de um terraço no topo com vista sobre a cidade.',
  },
  {
    en: 'It has an outdoor pool and a garden bar.',
    es: 'Cuenta con piscina exterior y bar en el jardín.',
    fr: "Il dispose d'une piscine extérieure et d'un bar dans le jardin.",
    de: 'Es bietet einen Außenpool und eine Gartenbar.',
    it: "Dispone di una piscina all'aperto e di un bar in giardino.",
    pt: 'Tem piscina exterior e um bar no jardim.',
  },
  {
    en: 'Its restaurant serves local dishes made with seasonal produce.',
    es: 'Su restaurante sirve platos locales con productos de temporada.',
    fr: 'Son restaurant sert des plats locaux préparés avec des produits de saison.',
    de: 'Das Restaurant serviert regionale Gerichte aus saisonalen Zutaten.',
    it: 'Il ristorante serve piatti locali preparati con prodotti di stagione.',
    pt: 'O restaurante serve pratos locais feitos com produtos da época.',
  },
  {
    en: 'Public transport stops right outside the door.',
    es: 'El transporte público para justo en la puerta.',
    fr: "Les transports en commun s'arrêtent juste devant la porte.",
    de: 'Öffentliche Verkehrsmittel halten direkt vor der Tür.',
    it: 'I mezzi pubblici fermano proprio davanti alla porta.',
    pt: 'Os transportes públicos param mesmo à porta.',
  },
  {
    en: 'A spa with sauna and treatment rooms helps guests unwind.',
    es: 'Un spa con sauna y salas de tratamiento ayuda a desconectar.',
    fr: 'Un spa avec sauna et salles de soins invite à la détente.',
    de: 'Ein Spa mit Sauna und Behandlungsräumen lädt zum Entspannen ein.',
    it: 'Una spa con sauna e sale trattamenti aiuta a rilassarsi.',
    pt: 'Um spa com sauna e salas de tratamento ajuda a relaxar.',
  },
  {
    en: 'It occupies a restored historic building.',
    es: 'Ocupa un edificio histórico restaurado.',
    fr: 'Il occupe un bâtiment historique restauré.',
    de: 'Es befindet sich in einem restaurierten historischen Gebäude.',
    it: 'Si trova in un edificio storico restaurato.',
    pt: 'Ocupa um edifício histórico restaurado.',
  },
];

/** "{opening} in {city}, {km} km from the centre." in each language. */
const LOCATION_SENTENCES: Readonly<Record<SupportedLanguage, (opening: string, city: string, km: string) => string>> = {
  en: (opening, city, km) => `${opening} in ${city}, ${km} km from the centre.`,
  es: (opening, city, km) => `${opening} en ${city}, a ${km} km del centro.`,
  fr: (opening, city, km) => `${opening} à ${city}, à ${km} km du centre.`,
  de: (opening, city, km) => `${opening} in ${city}, ${km} km vom Zentrum entfernt.`,
  it: (opening, city, km) => `${opening} a ${city}, a ${km} km dal centro.`,
  pt: (opening, city, km) => `${opening} em ${city}, a ${km} km do centro.`,
};

/** Distances as each language writes them (1.3 km, 1,3 km); built once, as formatters are costly. */
const KM_FORMATS = new Map(TEXT_LANGUAGES.map((language) => [language, new Intl.NumberFormat(language, { maximumFractionDigits: 1 })]));

/** The first sentence of a property description: its class, its city and how far out it stands. */
export function locationSentence(language: SupportedLanguage, rating: number, city: string, kmFromCentre: number): string {
  const km = KM_FORMATS.get(language)?.format(kmFromCentre) ?? String(kmFromCentre);
  return LOCATION_SENTENCES[language](CLASS_OPENINGS[rating - 1][language], city, km);
}
