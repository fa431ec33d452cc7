/** `/docs`: Swagger UI on the description, every file from this server. */
export function docsPage(assetsVersion: string): string {
  const asset = (name: string) => `/docs/assets/${assetsVersion}/${name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PIPS API</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="icon" type="image/png" sizes="32x32" href="${asset('favicon-32x32.png')}">
<link rel="icon" type="image/png" sizes="16x16" href="${asset('favicon-16x16.png')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;
}

/** The page loads only from this server; the browser refuses anything else. */
export const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
