import type { SupportedLanguage } from '@hotelapi/domain';
import type { Translations } from '../world/languages.js';

/** What review sites break a score into (cleanliness, location, ...), with the texts they show. */
export interface ReviewAspect {
  readonly categoryName: string;
  /** Short label. */
  readonly shortText: Translations;
  /** Full text when guests rate the aspect well (75 and over on the 100 scale)... */
  readonly praised: Translations;
  /** ...and when they do not. */
  readonly criticised: Translations;
  /** Languages the site translated the texts into; the gaps are deliberate (see the fixtures). */
  readonly textLanguages?: readonly SupportedLanguage[];
  readonly shortTextLanguages?: readonly SupportedLanguage[];
}

export const REVIEW_ASPECTS: readonly ReviewAspect[] = [
  {
    categoryName: 'cleanliness',
    shortText: { en: 'Cleanliness', es: 'Limpieza', fr: 'Propreté', de: 'Sauberkeit', it: 'Pulizia', pt: 'Limpeza' },
    praised: {
      en: 'Guests praise the spotless rooms.',
      es: 'Los huéspedes elogian la limpieza de las habitaciones.',
      fr: 'Les clients saluent la propreté des chambres.',
      de: 'Gäste loben die makellose Sauberkeit.',
      it: 'Gli ospiti lodano la pulizia delle camere.',
      pt: 'Os hóspedes elogiam a limpeza dos quartos.',
    },
    criticised: {
      en: 'Some guests found the rooms could be cleaner.',
      es: 'Algunos huéspedes echaron en falta más limpieza.',
      fr: 'Certains clients ont trouvé la propreté insuffisante.',
      de: 'Einige Gäste bemängeln die Sauberkeit.',
      it: 'Alcuni ospiti hanno trovato la pulizia migliorabile.',
      pt: 'Alguns hóspedes acharam a limpeza insuficiente.',
    },
  },
  {
    categoryName: 'location',
    shortText: { en: 'Location', es: 'Ubicación', fr: 'Emplacement', de: 'Lage', it: 'Posizione', pt: 'Localização' },
    praised: {
      en: 'An excellent location, close to the sights.',
      es: 'Una ubicación excelente, cerca de los lugares de interés.',
      fr: 'Un excellent emplacement, proche des sites.',
      de: 'Hervorragende Lage nah an den Sehenswürdigkeiten.',
      it: 'Posizione eccellente, vicino alle attrazioni.',
      pt: 'Excelente localização, perto dos pontos de interesse.',
    },
    criticised: {
      en: 'The location is a little out of the way.',
      es: 'La ubicación queda algo apartada.',
      fr: "L'emplacement est un peu excentré.",
      de: 'Die Lage ist etwas abgelegen.',
      it: "La posizione è un po' decentrata.",
      pt: 'A localização é um pouco afastada.',
    },
  },
  {
    categoryName: 'service',
    shortText: { en: 'Service', es: 'Servicio', fr: 'Service', de: 'Service', it: 'Servizio', pt: 'Serviço' },
    praised: {
      en: 'Friendly, attentive staff.',
      es: 'Personal amable y atento.',
      fr: 'Un personnel aimable et attentionné.',
      de: 'Freundliches, aufmerksames Personal.',
      it: 'Personale cordiale e attento.',
      pt: 'Pessoal simpático e atencioso.',
    },
    criticised: {
      en: 'Service could be more attentive.',
      es: 'El servicio podría ser más atento.',
      fr: 'Le service pourrait être plus attentif.',
      de: 'Der Service könnte aufmerksamer sein.',
      it: 'Il servizio potrebbe essere più attento.',
      pt: 'O serviço podia ser mais atencioso.',
    },
  },
  {
    categoryName: 'value',
    shortText: {
      en: 'Value for money',
      es: 'Relación calidad-precio',
      fr: 'Rapport qualité-prix',
      de: 'Preis-Leistung',
      it: 'Rapporto qualità-prezzo',
      pt: 'Qualidade-preço',
    },
    praised: {
      en: 'Good value for what you get.',
      es: 'Buena relación calidad-precio.',
      fr: 'Un bon rapport qualité-prix.',
      de: 'Gutes Preis-Leistungs-Verhältnis.',
      it: 'Buon rapporto qualità-prezzo.',
      pt: 'Boa relação qualidade-preço.',
    },
    criticised: {
      en: 'Guests find it expensive for what it offers.',
      es: 'Caro para lo que ofrece.',
      fr: "Cher pour ce qu'il offre.",
      de: 'Teuer für das Gebotene.',
      it: 'Caro per quello che offre.',
      pt: 'Caro para o que oferece.',
    },
    shortTextLanguages: ['en', 'es', 'fr', 'it', 'pt'],
  },
  {
    categoryName: 'rooms',
    shortText: { en: 'Rooms', es: 'Habitaciones', fr: 'Chambres', de: 'Zimmer', it: 'Camere', pt: 'Quartos' },
    praised: {
      en: 'Spacious, well-kept rooms.',
      es: 'Habitaciones amplias y bien cuidadas.',
      fr: 'Des chambres spacieuses et bien entretenues.',
      de: 'Geräumige, gepflegte Zimmer.',
      it: 'Camere spaziose e ben tenute.',
      pt: 'Quartos espaçosos e bem cuidados.',
    },
    criticised: {
      en: 'Rooms feel small and dated.',
      es: 'Habitaciones pequeñas y anticuadas.',
      fr: 'Des chambres petites et vieillottes.',
      de: 'Kleine, in die Jahre gekommene Zimmer.',
      it: 'Camere piccole e datate.',
      pt: 'Quartos pequenos e antiquados.',
    },
  },
  {
    categoryName: 'comfort',
    shortText: { en: 'Comfort', es: 'Comodidad', fr: 'Confort', de: 'Komfort', it: 'Comfort', pt: 'Conforto' },
    praised: {
      en: "Comfortable beds and a quiet night's sleep.",
      es: 'Camas cómodas y noches tranquilas.',
      fr: 'Des lits confortables et des nuits calmes.',
      de: 'Bequeme Betten und ruhige Nächte.',
      it: 'Letti comodi e notti tranquille.',
      pt: 'Camas confortáveis e noites tranquilas.',
    },
    criticised: {
      en: 'Beds and noise levels disappoint some guests.',
      es: 'Las camas y el ruido decepcionan a algunos huéspedes.',
      fr: 'La literie et le bruit déçoivent certains clients.',
      de: 'Betten und Lärm enttäuschen manche Gäste.',
      it: 'Letti e rumore deludono alcuni ospiti.',
      pt: 'As camas e o ruído desiludem alguns hóspedes.',
    },
    textLanguages: ['en', 'es', 'fr', 'de'],
  },
];
