/**
 * Serves the built web app (WEB_DIST_DIR) and falls back to its index.html for app routes,
 * so /profile or /auth/login load the single-page app. Paths under /api never fall back.
 * Without a build the server still starts and says how to build it.
 */
import { existsSync } from 'node:fs';
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

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function webRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const built = existsSync(path.join(webDistDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: 'index.html',
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
    // A missing file with an extension (e.g. /assets/old.js) is a real 404, not an app route.
    if (path.extname(url.split('?')[0] ?? '') !== '') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!built) return reply.status(503).type('text/html').send(NOT_BUILT_PAGE);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
