/** A failure the user can fix (bad arguments, unreadable file): printed as one line, exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Why a file could not be read, in the user's words. */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/** Where a crash report points for the whole trace. */
export const DEBUG_VARIABLE = 'STREAMSCOPE_DEBUG';

/**
 * What a crash (any error but a CliError) prints: one line saying what broke and that it is
 * Streamscope's fault, not the input's verdict; the stack only when STREAMSCOPE_DEBUG=1 asks for it.
 */
export function crashReport(prefix: string, error: unknown, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : `thrown ${typeof error}: ${String(error)}`;
  const line = what.replace(/\s+/g, ' ').trim();
  const shown = line.length > 300 ? `${line.slice(0, 300)}…` : line;
  if (env[DEBUG_VARIABLE] === '1') return `${prefix}: internal error: ${shown}\n${error instanceof Error ? (error.stack ?? '') : ''}\n`;
  return `${prefix}: internal error: ${shown} (a bug in Streamscope, please report it; ${DEBUG_VARIABLE}=1 prints the stack trace)\n`;
}

/**
 * A failure outside any command's await (an event handler's throw, a promise nobody awaits, in a
 * long-running proxy or serve): the same one line, and exit code 2, never Node's default of 1 with a trace.
 */
export function exitOnCrash(write: (text: string) => void = (text) => void process.stderr.write(text)): void {
  const crash = (error: unknown) => {
    try {
      write(crashReport('streamscope', error));
    } finally {
      process.exit(2);
    }
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}
