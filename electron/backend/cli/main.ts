// `streamscope COMMAND …`: the command line over the backend.

import { CliError, crashReport } from './errors.ts';
import type { Output } from './output.ts';
import { processOutput } from './output.ts';

export interface Command {
  readonly summary: string;
  /** Loaded on use, so that `inspect` does not pay for the database or the HTTP stack. */
  readonly load: () => Promise<{ run: (args: string[], out: Output) => Promise<number>; usage: string }>;
}

const COMMANDS: Record<string, Command> = {
  record: {
    summary: 'Make a streamed request and record it (reads, timing, events, analysis)',
    load: async () => {
      const module = await import('./record.ts');
      return { run: module.recordCommand, usage: module.RECORD_USAGE };
    },
  },
  inspect: {
    summary: 'Analyse a recording: a stored id, a .ssrec.jsonl or an .sse body',
    load: async () => {
      const module = await import('./inspect.ts');
      return { run: module.inspectCommand, usage: module.INSPECT_USAGE };
    },
  },
  list: {
    summary: 'List stored recordings',
    load: async () => {
      const module = await import('./list.ts');
      return { run: module.listCommand, usage: module.LIST_USAGE };
    },
  },
  import: {
    summary: 'Store recordings from files: .sse, .ssrec.jsonl, HAR, curl traces',
    load: async () => {
      const module = await import('./import.ts');
      return { run: module.importCommand, usage: module.IMPORT_USAGE };
    },
  },
  export: {
    summary: 'Write a recording as sse, ssrec, har, curl and the other export formats',
    load: async () => {
      const module = await import('./export.ts');
      return { run: module.exportCommand, usage: module.exportUsage() };
    },
  },
  replay: {
    summary: 'Serve recordings on loopback, byte- and time-exact, with faults on demand',
    load: async () => {
      const module = await import('./replay.ts');
      return { run: module.replayCommand, usage: module.REPLAY_USAGE };
    },
  },
  check: {
    summary: 'Judge an endpoint: the server battery of every dialect it serves, a verdict per check',
    load: async () => {
      const module = await import('./check.ts');
      return { run: module.checkCommand, usage: module.CHECK_USAGE };
    },
  },
  'check-client': {
    summary: 'Run your client against every real-world quirk and fault, a verdict per case',
    load: async () => {
      const module = await import('./check-client.ts');
      return { run: module.checkClientCommand, usage: module.CHECK_CLIENT_USAGE };
    },
  },
  proxy: {
    summary: "Record your own app's streams through a loopback capture proxy",
    load: async () => {
      const module = await import('./proxy.ts');
      return { run: module.proxyCommand, usage: module.PROXY_USAGE };
    },
  },
  serve: {
    summary: 'Serve the app to a browser on 127.0.0.1 (no Electron needed)',
    load: async () => {
      const module = await import('./serve.ts');
      return { run: module.serveCommand, usage: module.SERVE_USAGE };
    },
  },
  simulate: {
    summary: 'Run the built-in OpenAI-compatible simulator on loopback',
    load: async () => {
      const module = await import('./simulate.ts');
      return { run: module.simulateCommand, usage: module.SIMULATE_USAGE };
    },
  },
};

const USAGE = `Usage: streamscope <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(12)} ${command.summary}`)
  .join('\n')}

Run "streamscope <command> --help" for a command's options.`;

/**
 * Runs the command line; returns the exit code (0 ok, 1 a failed exchange or findings past --fail-on,
 * 2 bad input or usage, or a crash). Never throws: exit code 1 tells CI "findings", so a crash that
 * escaped as one would pass for a verdict.
 */
export async function main(args: string[], out: Output = processOutput(), commands: Readonly<Record<string, Command>> = COMMANDS): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.stdout(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    out.stderr(`streamscope: unknown command "${name}"\n${USAGE}\n`);
    return 2;
  }
  try {
    const { run, usage } = await command.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      out.stdout(usage + '\n');
      return 0;
    }
    return await run(rest, out);
  } catch (error) {
    if (error instanceof CliError) {
      out.stderr(`streamscope ${name}: ${error.message}\n`);
      return 2;
    }
    out.stderr(crashReport(`streamscope ${name}`, error));
    return 2;
  }
}
