// The Client tab's fields read into what `startClientCheck` takes, or the reasons it cannot start
// yet. The command line is split into words by the backend (as a POSIX shell would, without
// pipes or redirections): here it only has to be there.

import type { ClientCaseInfo, ClientCheckStart } from '../../shared/api/client-checks.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export interface ClientForm {
  readonly command: string;
  /** Absolute; empty for the backend's default, the user's home folder. */
  readonly cwd: string;
  /** The dialects ticked. */
  readonly protocols: readonly Protocol[];
  /** Case ids, separated by commas or spaces; empty for every case of the dialects ticked. */
  readonly only: string;
  /** Each case's whole time, in seconds; empty for the backend's 30 s. */
  readonly timeoutS: string;
}

/** The dialects that have cases, in the order the cases come. */
export function clientProtocols(cases: readonly ClientCaseInfo[]): Protocol[] {
  return [...new Set(cases.map((kase) => kase.protocol))];
}

export function clientFormFor(cases: readonly ClientCaseInfo[]): ClientForm {
  return { command: '', cwd: '', protocols: clientProtocols(cases), only: '', timeoutS: '' };
}

/** A folder a backend on any system takes as absolute: `/home/me`, `C:\app`, `\\server\share`. */
export function isAbsoluteFolder(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

export function onlyIds(only: string): string[] {
  return [...new Set(only.split(/[\s,]+/).filter((id) => id !== ''))];
}

export type ReadClientForm = { readonly input: ClientCheckStart; readonly cases: number; readonly waiting: readonly [] } | { readonly input: null; readonly cases: number; readonly waiting: readonly string[] };

export function readClientForm(form: ClientForm, cases: readonly ClientCaseInfo[]): ReadClientForm {
  const waiting: string[] = [];
  const command = form.command.trim();
  if (command === '') waiting.push('Give the command that runs your client.');
  const cwd = form.cwd.trim();
  if (cwd !== '' && !isAbsoluteFolder(cwd)) waiting.push('The working folder must be an absolute path, or empty for your home folder.');
  const offered = clientProtocols(cases);
  const protocols = offered.filter((protocol) => form.protocols.includes(protocol));
  if (protocols.length === 0) waiting.push('Tick at least one API.');
  const ticked = cases.filter((kase) => protocols.includes(kase.protocol));
  const only = onlyIds(form.only);
  const unknown = only.filter((id) => !ticked.some((kase) => kase.id === id));
  if (protocols.length > 0 && unknown.length > 0) waiting.push(`No case ${unknown.join(', ')} in the APIs ticked.`);
  const timeoutS = form.timeoutS.trim();
  const timeout = Number(timeoutS);
  if (timeoutS !== '' && !(Number.isFinite(timeout) && timeout >= 1 && timeout <= 3600)) waiting.push('Timeout: from 1 to 3600 seconds, or empty for 30.');
  const count = only.length === 0 ? ticked.length : ticked.filter((kase) => only.includes(kase.id)).length;
  if (waiting.length > 0) return { input: null, cases: count, waiting };
  const input: ClientCheckStart = {
    command,
    ...(cwd === '' ? {} : { cwd }),
    // Every dialect is the default: say so by not listing them.
    ...(protocols.length === offered.length ? {} : { protocols }),
    ...(only.length === 0 ? {} : { only }),
    ...(timeoutS === '' ? {} : { timeoutMs: Math.round(timeout * 1000) }),
  };
  return { input, cases: count, waiting: [] };
}
