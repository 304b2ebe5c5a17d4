import { css } from 'lit';

/** Layout of the search form, filters and result cards; colours come from the theme properties. */
export const hotelSearchStyles = css`
  :host { display: block; container-type: inline-size; background: var(--hs-color-background, #fff); border-radius: var(--hs-radius, 8px); }
  .widget { padding: var(--hs-space, 1rem); display: grid; gap: var(--hs-space, 1rem); }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  /* 12rem: what a native date input and the longest translated label need, so no column is forced wider than the form. */
  .form { display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr)); align-items: end; }
  .field { display: grid; gap: 0.25rem; font-size: 0.875rem; font-weight: 600; }
  .field input, .field select { width: 100%; font-weight: 400; }
  /* A row of its own: destination names ("Toutes les destinations") are longer than a column. */
  .field.destination { grid-column: 1 / -1; }
  .calendar-panel { grid-column: 1 / -1; }
  .stay { margin: 0; font-weight: 600; }
  .body { display: grid; gap: var(--hs-space, 1rem); }
  /* At least 12rem, and as wide as the longest unbreakable filter label ("Selbstverpflegung (3)"). */
  @container (min-width: 36rem) { .body { grid-template-columns: minmax(12rem, min-content) 1fr; align-items: start; } }
  .filters fieldset { border: 0; padding: 0; margin: 0 0 0.75rem; display: grid; gap: 0.25rem; }
  .filters legend { font-weight: 600; margin-bottom: 0.25rem; }
  .filters-title { font-weight: 700; margin: 0 0 0.5rem; cursor: pointer; min-height: 1.75rem; }
  .option { display: flex; align-items: center; gap: 0.4rem; min-height: 1.75rem; }
  .option input { flex: none; min-height: auto; width: 1.1rem; height: 1.1rem; accent-color: var(--hs-color-accent, #0b57d0); }
  .count { color: var(--hs-color-muted, #4a4a4a); }
  .price-range { grid-template-columns: 1fr 1fr; }
  .price-range legend { grid-column: 1 / -1; }
  .price-range label { display: grid; gap: 0.25rem; font-size: 0.875rem; }
  .price-range input { width: 100%; }
  .toolbar { display: flex; justify-content: flex-end; }
  .sort { display: flex; align-items: center; gap: 0.5rem; font-size: 0.875rem; font-weight: 600; }
  .status { margin: 0.5rem 0; color: var(--hs-color-muted, #4a4a4a); }
  .error { padding: 0.75rem 1rem; border-left: 4px solid var(--hs-color-error, #b3261e); background: var(--hs-color-surface, #fff);
    color: var(--hs-color-text, #1a1a1a); display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
  .error p { margin: 0; flex: 1 1 12rem; }
  /* The cards' layout follows the column they sit in, not the whole widget (filters beside take room). */
  .results-column { container-type: inline-size; }
  .results { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; }
  .results.stale { opacity: 0.6; }
  .card { display: grid; grid-template-columns: 1fr; gap: 0.75rem; padding: 0.75rem; border: 1px solid var(--hs-color-border, #767676);
    border-radius: var(--hs-radius, 8px); background: var(--hs-color-surface, #fff); }
  @container (min-width: 26rem) { .card { grid-template-columns: 8rem 1fr auto; align-items: center; } }
  .photo { aspect-ratio: 4 / 3; max-height: 9rem; border-radius: calc(var(--hs-radius, 8px) / 2); overflow: hidden;
    background: linear-gradient(135deg, var(--hs-color-accent, #0b57d0), var(--hs-color-photo-placeholder, #6fa8ff)); }
  .photo img { width: 100%; height: 100%; object-fit: cover; display: block; }
  .name { margin: 0; font-size: 1.05rem; }
  .stars { margin: 0.125rem 0; color: var(--hs-color-stars, #8a5a00); letter-spacing: 0.1em; }
  .place, .board { margin: 0.125rem 0; font-size: 0.875rem; color: var(--hs-color-muted, #4a4a4a); }
  .offer { display: grid; gap: 0.5rem; justify-items: start; }
  @container (min-width: 26rem) { .offer { justify-items: end; text-align: end; } }
  .price { margin: 0; display: grid; }
  .price strong { font-size: 1.25rem; }
  .per { font-size: 0.8rem; color: var(--hs-color-muted, #4a4a4a); }
  a.book { display: inline-block; padding: 0.5rem 1.25rem; border-radius: calc(var(--hs-radius, 8px) / 2); text-decoration: none; }
`;
