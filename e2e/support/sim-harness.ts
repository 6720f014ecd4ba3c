// Builds e2e/sim-harness with Vite (as the web app is built: module workers, the engine from
// its TypeScript source) and serves it on a local port for simulator-workers.spec.ts.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const harnessDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sim-harness');

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const contentType = (file: string): string => TYPES[path.extname(file)] ?? 'application/octet-stream';

export interface ServedHarness {
  url: string;
  close(): Promise<void>;
}

export async function serveSimHarness(): Promise<ServedHarness> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'sim-harness-'));
  await build({ root: harnessDir, logLevel: 'warn', build: { outDir, emptyOutDir: true }, worker: { format: 'es' } });
  const server: Server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(outDir, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': contentType(file) }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('harness server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
