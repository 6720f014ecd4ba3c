import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Starts the real server (apps/server/src/main.ts through tsx) as a child process serving the
 * built web app, and stops it. One process, so SIGTERM reaches the server itself.
 */
export interface AppServerOptions {
  repoRoot: string;
  port: number;
  appUrl: string;
  dataDir: string;
  smtpUrl: string;
  logFile: string;
  /** PostgreSQL instead of PGlite (the scale-out setup). */
  databaseUrl?: string;
  /** ADMIN_USER_IDS of the server (read at start). */
  adminUserIds?: readonly string[];
  /** INSTALLABLE_APP=on (decision record 0034); off otherwise. */
  installableApp?: boolean;
  /** The built web app to serve; apps/web/dist by default. */
  webDistDir?: string;
}

export interface AppServer {
  stop(): Promise<void>;
}

/** A fresh PGlite data directory takes 8–11 s to initialise here (STACK.md); allow for a slow machine. */
const STARTUP_TIMEOUT_ms = 90_000;
const HEALTH_POLL_INTERVAL_ms = 250;
const SHUTDOWN_GRACE_ms = 10_000;

export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use: stop what listens there or set E2E_PORT`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

function tail(file: string, lines: number): string {
  if (!existsSync(file)) return '(no server log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_ms;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited during startup (${child.exitCode ?? child.signalCode}):\n${tail(logFile, 40)}`,
      );
    }
    try {
      const response = await fetch(url);
      const body = await response.text();
      if (response.ok) return;
      last = `${response.status} ${body}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_ms));
  }
  throw new Error(`server not healthy after ${STARTUP_TIMEOUT_ms} ms (${last}):\n${tail(logFile, 40)}`);
}

function waitForExit(child: ChildProcess, timeout_ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeout_ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Settings inherited from the shell that would point the tests at real services are dropped. */
const INHERITED_VARIABLES_DROPPED = [
  'DATABASE_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_DISCOVERY_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ADMIN_USER_IDS',
  'BETTER_AUTH_SECRET',
  'INSTALLABLE_APP',
] as const;

function serverEnv(options: AppServerOptions, webDist: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_DROPPED) delete env[name];
  return {
    ...env,
    // development: the demo payment provider stands in for Stripe, as with `npm start`.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    APP_URL: options.appUrl,
    DATA_DIR: options.dataDir,
    SMTP_URL: options.smtpUrl,
    WEB_DIST_DIR: webDist,
    // The tests' auth calls each name a client address of their own (support/app.ts
    // authCallHeaders), so rate limits apply per test rather than to the whole suite.
    TRUST_PROXY: '127.0.0.1',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.adminUserIds ? { ADMIN_USER_IDS: options.adminUserIds.join(',') } : {}),
    ...(options.installableApp ? { INSTALLABLE_APP: 'on' } : {}),
  };
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const webDist = options.webDistDir ?? path.join(options.repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `${webDist}/index.html is missing: run \`npm run build -w apps/web\` before the browser tests`,
    );
  }
  await assertPortFree(options.port);
  // Appends: a restart (global setup's admin step) keeps the first start's log.
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: options.repoRoot,
    env: serverEnv(options, webDist),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, SHUTDOWN_GRACE_ms))) {
      child.kill('SIGKILL');
      await waitForExit(child, SHUTDOWN_GRACE_ms);
    }
    log.end();
  };
  try {
    await waitForHealth(`${options.appUrl}/api/health`, child, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
