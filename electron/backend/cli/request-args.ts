// What `record` and `check` read alike from their arguments: the headers to send and the API key
// (given, read from a file, or from an environment variable, the profile's by default).

import { readFileSync } from 'node:fs';
import { headerNameProblem, headerValueProblem } from '../../../shared/recording/header-field.ts';
import type { Profile } from '../recorder/profiles.ts';
import { CliError, describeFileError } from './errors.ts';

/** `--header 'NAME: VALUE'` pairs as headers, each name and value checked as HTTP allows. */
export function headersFrom(pairs: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf(':');
    if (at <= 0) throw new CliError(`--header takes 'NAME: VALUE': one has no name before its ":" (not echoed: it may hold a key)`);
    const name = pair.slice(0, at).trim().toLowerCase();
    const value = pair.slice(at + 1).trim();
    const problem = headerNameProblem(name) ?? headerValueProblem(value);
    if (problem !== null) throw new CliError(`--header ${JSON.stringify(name)}: ${problem}`);
    headers[name] = value;
  }
  return headers;
}

/** The key that --api-key, --api-key-file, --api-key-env or the profile's variable gives; null when none is asked for. */
export function apiKey(values: { 'api-key'?: string; 'api-key-env'?: string; 'api-key-file'?: string; 'base-url'?: string }, profile: Profile | undefined): string | null {
  if (values['api-key'] !== undefined) return values['api-key'];
  if (values['api-key-file'] !== undefined) {
    try {
      return readFileSync(values['api-key-file'], 'utf8').trim();
    } catch (error) {
      throw new CliError(`cannot read --api-key-file ${values['api-key-file']}: ${describeFileError(error)}`);
    }
  }
  const variable = values['api-key-env'] ?? profile?.keyEnv ?? null;
  if (variable === null) return null;
  const key = process.env[variable];
  if (key === undefined || key === '') {
    throw new CliError(`no API key: set ${variable}${values['api-key-env'] === undefined ? ', or pass --api-key-env VAR or --api-key-file FILE' : ''}`);
  }
  return key;
}
