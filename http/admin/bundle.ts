import fs from 'node:fs/promises';

const entry = new URL('./main.js', import.meta.url);
const styles = new URL('./page.css', import.meta.url);

/**
 * The operator page as one HTML document: the preact + htm source bundled by esbuild (from
 * node_modules, no CDN) and the stylesheet inlined. Built once per call; callers cache it. esbuild
 * loads here, on the page's first request, not at every start.
 */
export async function buildAdminPage(): Promise<string> {
  const { build } = await import('esbuild');
  const [bundle, css] = await Promise.all([
    build({ entryPoints: [entry.pathname], bundle: true, write: false, format: 'esm', minify: true, target: 'es2020', platform: 'browser', logLevel: 'silent' }),
    fs.readFile(styles, 'utf8'),
  ]);
  const js = bundle.outputFiles[0]!.text.replaceAll('</script', '<\\/script');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>crewd operator</title>
<style>${css}</style>
</head>
<body>
<div id="app"></div>
<script type="module">${js}</script>
</body>
</html>
`;
}
