import { css } from 'lit';

/**
 * The theme is CSS custom properties set on `hotel-search` (or any ancestor); every default meets
 * WCAG AA contrast on the default background. Documented in docs/WIDGET.md.
 */
export const sharedStyles = css`
  :host {
    font-family: var(--hs-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    color: var(--hs-color-text, #1a1a1a);
  }
  *, *::before, *::after { box-sizing: border-box; }
  button, input, select { font: inherit; }
  button, select, input {
    color: var(--hs-color-text, #1a1a1a);
    background: var(--hs-color-surface, #fff);
    border: 1px solid var(--hs-color-border, #767676);
    border-radius: calc(var(--hs-radius, 8px) / 2);
    min-height: 2.5rem;
    padding: 0.25rem 0.5rem;
  }
  button { cursor: pointer; }
  button.primary, a.primary {
    background: var(--hs-color-accent, #0b57d0);
    color: var(--hs-color-on-accent, #fff);
    border-color: var(--hs-color-accent, #0b57d0);
    font-weight: 600;
  }
  :focus-visible {
    outline: 3px solid var(--hs-color-focus, #b8860b);
    outline-offset: 2px;
  }
  [hidden] { display: none !important; }
`;
