/**
 * bench:scale's reverse proxy: Debian's nginx, installed with apt-get when missing, run in the
 * foreground as the bench's own child (its own prefix, config and logs under the bench's
 * directory; the system's nginx service is never touched).
 *
 * Configured as an operator would put it in front of the server processes:
 * - live streams (Server-Sent Events): no buffering, HTTP/1.1 to the processes, an hour's read
 *   timeout (the server sends a heartbeat; the browser reconnects after `retry: 3000`);
 * - health: passive (open-source nginx has no active checks): a process that refuses a
 *   connection or times out is taken out for FAIL_TIMEOUT_s after MAX_FAILS failures, and the
 *   request goes to the next one when nothing was sent yet (a POST that was sent is not sent
 *   again by nginx: the client resends it, with the same action id);
 * - X-Forwarded-For for the servers' TRUST_PROXY; X-Upstream names the process that answered
 *   (the bench counts traffic per process with it).
 * An operator with HAProxy would add an active check of GET /api/health (200 when the database
 * answers, 503 when not) instead.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
const MAX_FAILS = 1;
const FAIL_TIMEOUT_s = 3;
const CONNECT_TIMEOUT_s = 2;
/** Keep-alive connections nginx holds to each process (its pool of upstream sockets). */
const UPSTREAM_KEEPALIVE = 64;

/** Installs Debian's nginx when it is missing (the bench runs as root on Debian). */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log('nginx is missing: apt-get install -y nginx');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { stdio: 'inherit', env });
  }
  if (!existsSync(NGINX)) throw new Error(`apt-get installed nginx but ${NGINX} is not there`);
}

export function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT_s}s;`)
    .join('\n');
  return `# bench:scale (apps/server/bench/scale-proxy.ts): written per run, not for editing.
daemon off;
master_process on;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream card_counter {
${servers}
    keepalive ${UPSTREAM_KEEPALIVE};
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://card_counter;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Live streams: every event as soon as it is written, and open for as long as the player stays.
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_connect_timeout ${CONNECT_TIMEOUT_s}s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Proxy {
  url: string;
  /** The master's and its workers' process ids (for their CPU time). */
  pids(): number[];
  stop(): Promise<void>;
}

/** Writes the config, checks it (nginx -t) and starts nginx in the foreground. */
export async function startNginx(dir: string, listenPort: number, upstreamPorts: number[]): Promise<Proxy> {
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, listenPort, upstreamPorts));
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (i > 100 || child.exitCode !== null) throw new Error('nginx did not start (see its error.log)');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pids() {
      const master = child.pid;
      if (master === undefined) return [];
      try {
        const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
        return [master, ...children];
      } catch {
        return [master];
      }
    },
    async stop() {
      // QUIT: graceful; the bench has closed its streams before.
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
