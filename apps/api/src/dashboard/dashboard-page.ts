import type { SupportedLanguage } from '@hotelapi/domain';

/** The page: no inline script or style (the CSP forbids both), the app draws itself. */
export function dashboardPage({ scriptPath, language }: { scriptPath: string; language: SupportedLanguage }): string {
  return `<!doctype html>
<html lang="${language}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Parity dashboard</title>
  <link rel="icon" href="data:,">
  <script type="module" src="${scriptPath}"></script>
</head>
<body>
  <parity-dashboard lang="${language}"></parity-dashboard>
  <noscript>The parity dashboard needs JavaScript.</noscript>
</body>
</html>
`;
}
