/**
 * Serves the built web app (WEB_DIST_DIR) and falls back to its index.html for app routes,
 * so /profile or /auth/login load the single-page app. Paths under /api never fall back.
 * Without a build the server still starts and says how to build it.
 *
 * Installable-app mode (INSTALLABLE_APP, decision record 0034) is decided here, per server:
 * when on, index.html gets the manifest link and the meta tag the page reads to register the
 * service worker; when off, neither, and /sw.js and the manifest answer 404.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorBody } from '@card-counter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card Counter: web app not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>The web app is not built</h1>
<p>The API is running, but there is no built web app to serve. Build it with
<code>npm run build</code> (or start with <code>npm start</code>, which builds it first),
or set <code>WEB_DIST_DIR</code> to the directory holding its <code>index.html</code>.</p>
</body></html>`;

/** Files of installable-app mode, served only when it is on. */
const INSTALLABLE_APP_FILES = new Set(['/sw.js', '/manifest.webmanifest']);

/** Paths the fallback answers with the shell rather than the static files. */
const SHELL_PATHS = new Set(['/', '/index.html']);

/** What index.html gains in installable-app mode; `installable-app` is read by apps/web/src/main.tsx. */
const INSTALLABLE_APP_HEAD = [
  '<link rel="manifest" href="/manifest.webmanifest" />',
  '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
  '<meta name="theme-color" content="#020617" />',
  '<meta name="installable-app" content="on" />',
].join('');

export function shellHtml(indexHtml: string, installableApp: boolean): string {
  return installableApp ? indexHtml.replace('</head>', `${INSTALLABLE_APP_HEAD}</head>`) : indexHtml;
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function webRoutes(
  app: FastifyInstance,
  webDistDir: string,
  opts: { installableApp: boolean },
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      // index.html is always sent by the fallback below, which writes the flag into it.
      index: false,
      allowedPath: (pathName) =>
        !SHELL_PATHS.has(pathName) && (opts.installableApp || !INSTALLABLE_APP_FILES.has(pathName)),
      // The build writes x.br and x.gz beside each large file (apps/web/build/compress-assets.ts):
      // sent as they are to a browser that accepts them, with no compression work per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: serving a notice page instead');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApi(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send(errorBody('NOT_FOUND', `No route ${request.method} ${url.split('?')[0] ?? ''}`));
    }
    const pathName = url.split('?')[0] ?? '';
    // A missing file with an extension (e.g. /assets/old.js) is a real 404, not an app route.
    if (path.extname(pathName) !== '' && pathName !== '/index.html') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!built) return reply.status(503).type('text/html').send(NOT_BUILT_PAGE);
    // Read per request (about 1 KB), so a rebuild under a running server is picked up as before.
    const html = shellHtml(await readFile(indexFile, 'utf8'), opts.installableApp);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
