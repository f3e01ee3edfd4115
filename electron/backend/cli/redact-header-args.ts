// `--redact-header NAME`, which `record` and `proxy` share: more header names whose values are
// secrets, beyond the rule by name (shared/recording/secrets/names.ts; docs/capture.md, "What counts as a secret").

import { headerNameProblem } from '../../../shared/recording/header-field.ts';
import { CliError } from './errors.ts';

export const REDACT_HEADER_OPTIONS = { 'redact-header': { type: 'string', multiple: true } } as const;

/** The help's lines, aligned at `column` (where the other options' descriptions start). */
export function redactHeaderUsage(column: number): string {
  const indent = ' '.repeat(column);
  return `  ${'--redact-header NAME'.padEnd(column - 2)}Also a secret: this header's value is stored
${indent}redacted, and masked where the response echoes it
${indent}(repeatable)`;
}

/** A name to redact, lower-cased, or why no header can have it: the one rule `--redact-header` and startProxy's `redactHeaders` share. */
export function redactHeaderName(name: string): { readonly name: string } | { readonly problem: string } {
  const problem = headerNameProblem(name.trim());
  return problem === null ? { name: name.trim().toLowerCase() } : { problem: `${JSON.stringify(name)}: ${problem}` };
}

/** The names asked for, lower-cased; a name no header can have is the user's to fix. */
export function redactHeadersOf(values: { readonly 'redact-header'?: readonly string[] | undefined }): string[] {
  return (values['redact-header'] ?? []).map((name) => {
    const checked = redactHeaderName(name);
    if ('problem' in checked) throw new CliError(`--redact-header ${checked.problem}`);
    return checked.name;
  });
}
