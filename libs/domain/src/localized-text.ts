/**
 * A text as a connector delivers it: one entry per language it has been translated into.
 * English is the fallback and is present unless the upstream itself has no text. A language
 * missing from the map is an untranslated gap, not an error.
 */
export type LocalizedText = Readonly<Partial<Record<string, string>>>;
