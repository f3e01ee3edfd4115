// Client conformance runs started from the app (issue 30, "In the app"; docs/client-conformance.md):
// the user's command line split into an argv without a shell (../check-client/command-line.ts),
// run once a case in the folder given against a loopback mock serving that case's stream. The run
// is stored at once and answered, then run in the background, each verdict pushed as
// `clientCaseResult` as it is judged and the end as `clientCheckFinished`, however it ends.

import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import type { ClientCaseInfo, ClientCheckStart, ClientRunSummary } from '../../../shared/api/client-checks.ts';
import type { StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { CLIENT_CASES } from '../../../shared/conformance/client/registry.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { argvOf, CommandLineError } from '../check-client/command-line.ts';
import { caseInfoOf, startStoredClientRun } from '../check-client/stored-run.ts';
import type { Store } from '../store/index.ts';
import type { PushHub } from './pushes.ts';

type ClientCheckCalls = Pick<StreamscopeApi, 'listClientCases' | 'startClientCheck' | 'cancelClientCheck' | 'listClientRuns' | 'getClientRun' | 'deleteClientRun'>;

export interface ClientChecks extends ClientCheckCalls {
  /** Cancels every run under way and waits until each has ended (and pushed `clientCheckFinished`). */
  stopAll(): Promise<void>;
}

interface Running {
  readonly abort: AbortController;
  /** Settles once the run is stored as ended and `clientCheckFinished` was pushed. */
  readonly ended: Promise<void>;
}

/** The dialects whose client cases are built. */
const BUILT = PROTOCOLS.filter((protocol) => CLIENT_CASES[protocol] !== null);

export function createClientChecks(store: Store, pushes: PushHub): ClientChecks {
  const running = new Map<number, Running>();
  let stopped = false;

  function startClientCheck(input: ClientCheckStart) {
    if (stopped) throw new ApiError('unavailable', 'startClientCheck: the backend is closed');
    const argv = commandArgv(input.command);
    const cwd = workingFolder(input.cwd);
    const protocols = protocolsOf(input.protocols);
    const cases = chosenCases(protocols, input.only);
    const abort = new AbortController();
    const { begun, finished } = startStoredClientRun({
      store,
      command: input.command,
      argv,
      cwd,
      protocols,
      cases,
      ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
      signal: abort.signal,
      onResult: (result, run) => pushes.emit('clientCaseResult', { run, result }),
    });
    const ended = finished
      .catch(() => null)
      .then((summary) => {
        running.delete(begun.id);
        pushes.emit('clientCheckFinished', { run: summary ?? endedSummary(begun.id) ?? { ...summaryPart(begun), state: 'cancelled', finishedAt: new Date().toISOString() } });
      });
    running.set(begun.id, { abort, ended });
    return Promise.resolve(begun);
  }

  /** The run as stored, once it ended (null when the store is gone). */
  function endedSummary(id: number): ClientRunSummary | null {
    try {
      const run = store.getClientRun(id);
      return run === null ? null : summaryPart(run);
    } catch {
      return null;
    }
  }

  return {
    listClientCases: async () => allClientCaseInfos(),
    startClientCheck: async (input) => startClientCheck(input),
    async cancelClientCheck({ id }) {
      const run = running.get(id);
      if (!run) return false;
      run.abort.abort();
      await run.ended;
      return true;
    },
    listClientRuns: async (query) => store.listClientRuns(query),
    getClientRun: async ({ id }) => store.getClientRun(id),
    deleteClientRun: async ({ id }) => {
      if (running.has(id)) throw new ApiError('unavailable', `deleteClientRun: client run ${id} is running: cancel it before deleting it`);
      return store.deleteClientRun(id);
    },
    async stopAll() {
      stopped = true;
      const all = [...running.values()];
      for (const run of all) run.abort.abort();
      await Promise.all(all.map((run) => run.ended));
    },
  };
}

/** Every built dialect's cases, in order, as the matrix lists them before a run. */
export function allClientCaseInfos(): ClientCaseInfo[] {
  return BUILT.flatMap((protocol) => CLIENT_CASES[protocol]!().map(caseInfoOf));
}

function summaryPart<T extends ClientRunSummary>(run: T): ClientRunSummary {
  const { id, startedAt, finishedAt, command, cwd, protocols, state, error, counts } = run;
  return { id, startedAt, finishedAt, command, cwd, protocols, state, error, counts };
}

function commandArgv(command: string): string[] {
  try {
    return argvOf(command);
  } catch (error) {
    if (error instanceof CommandLineError) throw new ApiError('invalid-argument', `startClientCheck: command: ${error.message}`);
    throw error;
  }
}

/** The folder given, absolute and there; default the user's home folder. */
function workingFolder(cwd: string | undefined): string {
  if (cwd === undefined) return homedir();
  if (!isAbsolute(cwd)) throw new ApiError('invalid-argument', `startClientCheck: cwd: give an absolute path, not ${JSON.stringify(cwd)}`);
  let folder: boolean;
  try {
    folder = statSync(cwd).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ApiError('invalid-argument', `startClientCheck: cwd: ${cwd}: ${code === 'ENOENT' ? 'no such folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message}`);
  }
  if (!folder) throw new ApiError('invalid-argument', `startClientCheck: cwd: ${cwd} is a file, not a folder`);
  return cwd;
}

/** The dialects asked for (default every built one); one whose cases are not built is refused. */
function protocolsOf(asked: readonly Protocol[] | undefined): Protocol[] {
  if (asked === undefined) return [...BUILT];
  const protocols: Protocol[] = [];
  for (const protocol of asked) {
    if (!BUILT.includes(protocol)) throw new ApiError('invalid-argument', `startClientCheck: protocols: the client cases of ${protocol} are not built yet (built: ${BUILT.join(', ')})`);
    if (!protocols.includes(protocol)) protocols.push(protocol);
  }
  return protocols;
}

/** The dialects' cases, or only those named (each one of theirs). */
function chosenCases(protocols: readonly Protocol[], only: readonly string[] | undefined): ClientCase[] {
  const all = protocols.flatMap((protocol) => CLIENT_CASES[protocol]!());
  if (only === undefined) return all;
  const unknown = only.filter((id) => !all.some((kase) => kase.id === id));
  if (unknown.length > 0) throw new ApiError('invalid-argument', `startClientCheck: only: no case ${unknown.map((id) => JSON.stringify(id)).join(', ')} among those of ${protocols.join(', ')}`);
  return all.filter((kase) => only.includes(kase.id));
}
