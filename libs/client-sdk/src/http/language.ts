/**
 * The `Accept-Language` header for a language preference: a header value as is (`pt-BR, en;q=0.8`), or
 * a list of tags in order of preference, which gets falling q-values (`pt-BR, pt;q=0.9, en;q=0.8`).
 */
export function acceptLanguage(language: string | readonly string[]): string | undefined {
  if (typeof language === 'string') return language.trim() || undefined;
  const tags = language.map((tag) => tag.trim()).filter(Boolean);
  if (tags.length === 0) return undefined;
  return tags.map((tag, index) => (index === 0 ? tag : `${tag};q=${Math.max(0.1, 1 - index / 10).toFixed(1)}`)).join(', ');
}
