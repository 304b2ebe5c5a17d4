/**
 * The booking widget's dark theme, the one docs/WIDGET.md shows, as its custom properties: the
 * pages the API serves with the widget in them (`/widget/demo`, the MCP App) use this one copy.
 */
export const WIDGET_DARK_THEME = {
  '--hs-color-background': '#121417',
  '--hs-color-surface': '#1d2026',
  '--hs-color-text': '#eef0f3',
  '--hs-color-muted': '#b8bec9',
  '--hs-color-border': '#8a93a3',
  '--hs-color-accent': '#8ab4f8',
  '--hs-color-on-accent': '#0b1a33',
  '--hs-color-focus': '#fdd663',
  '--hs-color-stars': '#fdd663',
  '--hs-color-disabled': '#2b2f36',
  '--hs-color-error': '#f2b8b5',
  '--hs-color-photo-placeholder': '#3c4a63',
} as const;

export type WidgetProperty = keyof typeof WIDGET_DARK_THEME;

/**
 * The theme as CSS declarations. `hostVariables` names, for some properties, a variable of the
 * embedding page that wins where the page sets it (the theme's value is the fallback).
 */
export function darkThemeDeclarations(hostVariables: Partial<Record<WidgetProperty, string>> = {}): string {
  return Object.entries(WIDGET_DARK_THEME)
    .map(([name, value]) => {
      const hostVariable = hostVariables[name as WidgetProperty];
      return `${name}: ${hostVariable ? `var(${hostVariable}, ${value})` : value};`;
    })
    .join(' ');
}
