/** A failure the user can fix (bad arguments, unreadable file): printed as one line, exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}
