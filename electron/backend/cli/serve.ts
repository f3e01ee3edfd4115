// `streamscope serve [--port N] [--open] [--db PATH]`: the app's UI in a browser, for machines
// without Electron (headless, containers) and for the end-to-end tests. The API is reachable
// only with the token in the address this prints (electron/backend/serve/security.ts).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createBackend, memoryKeyVault } from '../api/index.ts';
import type { Backend } from '../api/index.ts';
import { DEFAULT_RENDERER_DIR, startServeServer } from '../serve/index.ts';
import type { ServeServer } from '../serve/index.ts';
import { defaultDbPath } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';
import { interrupted, listenError, runUntilStopped } from './serving.ts';

export const SERVE_USAGE = `Usage: streamscope serve [options]

Serves the Streamscope app to a browser, on 127.0.0.1 only, until Ctrl-C: the
same UI as the desktop app, for machines without it. Open the address it prints:
it carries this run's access token, which every API request needs (keep it to
yourself). Keys set in the browser live in this process only.

Options:
  --port N     Port (default 0: a free one)
  --open       Open the address in the system's browser
  --db PATH    Database (default: $STREAMSCOPE_DB or ${defaultDbPath()})
  -h, --help   Show this help

The UI must be built first: npm run build (npm run serve builds, then serves).`;

export interface ServeHooks {
  /** Resolves when the server should stop; default Ctrl-C or SIGTERM. */
  readonly until?: (server: ServeServer) => Promise<unknown>;
  readonly rendererDir?: string;
  /** Opens a URL in a browser; rejects with the reason it could not. */
  readonly openBrowser?: (url: string) => Promise<void>;
}

export async function serveCommand(args: string[], out: Output, hooks: ServeHooks = {}): Promise<number> {
  const options = parse(args);
  const rendererDir = hooks.rendererDir ?? DEFAULT_RENDERER_DIR;
  const page = join(rendererDir, 'index.html');
  if (!existsSync(page)) {
    const shown = relative(process.cwd(), page).startsWith('..') ? page : relative(process.cwd(), page);
    throw new CliError(`the UI is not built (${shown} is missing): run \`npm run build\` first, or \`npm run serve\`, which builds and serves`);
  }

  let backend: Backend;
  try {
    backend = createBackend({ dbPath: options.db, keys: memoryKeyVault() });
  } catch (error) {
    throw new CliError(`cannot open the database ${options.db}: ${(error as Error).message}`);
  }
  let server: ServeServer;
  try {
    server = await startServeServer({ backend, port: options.port, rendererDir });
  } catch (error) {
    await backend.close();
    throw listenError(error, '127.0.0.1', options.port);
  }

  out.stdout(
    [
      `Streamscope is serving on ${server.url}`,
      '  Open that address in a browser: it carries this run’s access token (keep it to yourself).',
      `  Database: ${options.db}`,
      '  Ctrl-C stops the server.',
      '',
    ].join('\n'),
  );
  if (options.open) {
    try {
      await (hooks.openBrowser ?? openBrowser)(server.url);
    } catch (error) {
      out.stderr(`streamscope serve: could not open a browser (${(error as Error).message}); open the address above yourself\n`);
    }
  }

  return runUntilStopped(
    () => (hooks.until ?? interrupted)(server),
    async () => {
      await server.close();
      await backend.close();
    },
    out,
    'Streamscope stopped.',
  );
}

/** The system's way of opening a URL: open (macOS), start (Windows), xdg-open (the rest). */
export function openBrowser(url: string): Promise<void> {
  const [command, ...args] =
    process.platform === 'darwin' ? ['open', url] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url] : ['xdg-open', url];
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, { stdio: 'ignore', detached: true });
    child.once('error', (error) => reject(new Error((error as NodeJS.ErrnoException).code === 'ENOENT' ? `${command} is not installed` : error.message)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code ?? 'a signal'}`))));
    child.unref();
  });
}

function parse(args: string[]): { port: number; open: boolean; db: string } {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { port: { type: 'string' }, open: { type: 'boolean' }, db: { type: 'string' } },
  });
  if (positionals.length > 0) throw new CliError(`unexpected argument "${positionals[0]}" (see --help)`);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!(Number.isInteger(port) && port >= 0 && port <= 65535) || values.port?.trim() === '') throw new CliError(`--port takes a port number from 0 to 65535, not "${values.port}"`);
  if (values.db?.trim() === '') throw new CliError('--db takes a file path');
  return { port, open: values.open === true, db: values.db ?? defaultDbPath() };
}
