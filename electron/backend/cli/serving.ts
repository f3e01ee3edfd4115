// What the long-running commands (simulate, replay, serve) share: listening errors in one line,
// the warning for a non-loopback address, and running until Ctrl-C or SIGTERM, then closing.

import { styleText } from 'node:util';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';

export type Style = Parameters<typeof styleText>[0];
export type Paint = (style: Style, text: string) => string;

/** Styles text when the output takes colours, else leaves it as it is. */
export function painter(out: Output): Paint {
  return (style, text) => (out.color ? styleText(style, text) : text);
}

/** Resolves on Ctrl-C (SIGINT) or SIGTERM. */
export function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** A listen failure as a one-line CliError where it has a usual cause; anything else unchanged. */
export function listenError(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new CliError(`port ${port} is already in use on ${host} (--port 0 picks a free one)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new CliError(`cannot listen on ${host}: no such local address`);
  if (code === 'EACCES') return new CliError(`not allowed to listen on port ${port} (ports below 1024 need privileges)`);
  return error;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** The banner line that says a server is reachable from other machines; none on loopback. */
export function exposureWarning(host: string, paint: Paint): string[] {
  return isLoopback(host) ? [] : [paint('yellow', `Listening on ${host}: reachable from other machines, not only this one.`)];
}

/** Waits for `until` (Ctrl-C by default), then closes and says so; the command's exit code. */
export async function runUntilStopped(until: () => Promise<unknown>, close: () => Promise<void>, out: Output, stopped: string): Promise<number> {
  try {
    await until();
  } finally {
    await close();
  }
  out.stdout(`${stopped}\n`);
  return 0;
}
