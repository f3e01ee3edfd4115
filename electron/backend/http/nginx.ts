// Debian's nginx, started for the tests and the benchmark as the reverse proxy people put in front
// of a model server (README: the proxy tests run against it where it is installed): a temporary
// prefix folder, one worker, one `server` a site, each on a free loopback port.

import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The nginx binary, or undefined where it is not installed (`apt-get install nginx`; `.ci/run` does). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface NginxSite {
  /** The upstream origin: `http://127.0.0.1:PORT`. */
  readonly upstream: string;
  /** Directives of its `location /` beside `proxy_pass`, e.g. `proxy_buffering off;`. */
  readonly directives: string;
}

export interface Nginx {
  /** One port per site, in order. */
  readonly ports: readonly number[];
  /** Its error log so far. */
  errors(): string;
  /** CPU time of its worker, ms (from /proc). */
  workerCpuMs(): number;
  /** Stops it (gracefully, then killed) and removes its folder. */
  stop(): Promise<void>;
}

export async function startNginx(sites: readonly NginxSite[], workerConnections = 1024): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-nginx-'));
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  // A root run (CI) starts workers as nobody unless told otherwise; they must reach the folder.
  chmodSync(dir, 0o755);
  chmodSync(temp, 0o777);
  const ports: number[] = [];
  for (const _ of sites) ports.push(await freePort());
  const servers = sites.map(
    (site, index) => `
      server {
        listen 127.0.0.1:${ports[index]};
        location / {
          proxy_pass ${site.upstream};
          proxy_max_temp_file_size 0;
          ${site.directives}
        }
      }`,
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
    worker_processes 1;
    daemon off;
    pid ${join(dir, 'nginx.pid')};
    error_log ${join(dir, 'error.log')} warn;
    events { worker_connections ${workerConnections}; }
    http {
      access_log off;
      client_body_temp_path ${temp}/body;
      proxy_temp_path ${temp}/proxy;
      fastcgi_temp_path ${temp}/fastcgi;
      uwsgi_temp_path ${temp}/uwsgi;
      scgi_temp_path ${temp}/scgi;
      ${servers.join('\n')}
    }`,
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const master: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const kill = (): void => void master.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => master.once('exit', () => resolve()));
  for (const port of ports) await waitForPort(port);
  const worker = childOf(master.pid!);
  return {
    ports,
    errors: () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''),
    workerCpuMs: () => (worker === null ? NaN : Number(readFileSync(`/proc/${worker}/schedstat`, 'utf8').split(' ')[0]) / 1e6),
    async stop() {
      master.kill('SIGQUIT');
      const timer = setTimeout(kill, 5000);
      await exited;
      clearTimeout(timer);
      process.off('exit', kill);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

/** The pid of a process's only child (nginx's worker, which listens by then), from /proc; null when there is none. */
function childOf(pid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so split after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) return Number(entry);
    } catch {
      // The process went away meanwhile.
    }
  }
  return null;
}
