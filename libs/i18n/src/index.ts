export { negotiateLanguage, isSupportedLanguage } from './negotiate.js';
export { pickText } from './localized-text.js';
export { catalogs, hasMessage, type Catalog, type MessageKey } from './catalogs/index.js';
export { translator, type Translator, type MessageParams } from './translator.js';
export { countryName, countryNames } from './countries.js';
export { destinationName, englishDestinationName } from './destinations.js';
