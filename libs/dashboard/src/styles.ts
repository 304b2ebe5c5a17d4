import { css } from 'lit';

/** What every view shares: cards, states, tables that scroll inside their box, never the page. */
export const viewStyles = css`
  :host { display: block; min-width: 0; }
  h2 { font-size: 1.15rem; margin: 0 0 0.75rem; }
  h3 { font-size: 1rem; margin: 1rem 0 0.5rem; }
  .card { background: #fff; border: 1px solid #d0d5dd; border-radius: 10px; padding: 1rem; margin-bottom: 1rem; min-width: 0; }
  .status { color: #344054; }
  .error { color: #a8071a; background: #fff1f0; border: 1px solid #f5a3a3; border-radius: 6px; padding: 0.5rem 0.75rem; }
  .stale { color: #7a4a00; background: #fff7e6; border: 1px solid #f0c36d; border-radius: 6px; padding: 0.5rem 0.75rem; }
  .scroll { overflow-x: auto; max-width: 100%; }
  table { border-collapse: collapse; font-size: 0.85rem; }
  th, td { padding: 0.25rem 0.5rem; text-align: left; white-space: nowrap; }
  th { background: #f2f4f7; }
  ul.plain { list-style: none; padding: 0; margin: 0; }
  button, a.button { font: inherit; }
  .bar { display: grid; grid-template-columns: minmax(6rem, 12rem) 1fr auto; gap: 0.5rem; align-items: center; margin: 0.25rem 0; }
  .bar meter { width: 100%; }
`;
