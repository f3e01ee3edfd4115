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
