// Conformance runs started from the app (issue 29, "In the app"; docs/conformance.md): the server
// battery sent to a profile's endpoint, the run stored at once and answered, then run in the
// background, each verdict pushed as `checkResult` as it is judged and the end as `checkFinished`,
// however it ends. The profile's key goes the way `startRecording` sends it, under the same
// key-host rule; the `simulator` profile gets a simulator of its own for the run, each check on
// the scenario a faithful server answers with, stopped after the run.

import type { CheckRunSummary, CheckStart } from '../../../shared/api/checks.ts';
import type { StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { keyOriginToConfirm, originOf } from '../../../shared/api/key-host.ts';
import { allCheckInfos } from '../../../shared/conformance/server/info.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import type { ServerCheck } from '../../../shared/conformance/server/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { headerValueProblem } from '../../../shared/recording/header-field.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { startStoredRun } from '../check/stored-run.ts';
import { endpointUrl, keyHeader, keyHeaderName, protocolFor } from '../recorder/profiles.ts';
import type { Profile } from '../recorder/profiles.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Store } from '../store/index.ts';
import type { Profiles } from './profiles.ts';
import type { PushHub } from './pushes.ts';

type CheckCalls = Pick<StreamscopeApi, 'listChecks' | 'startCheck' | 'cancelCheck' | 'listCheckRuns' | 'getCheckRun' | 'deleteCheckRun'>;

export interface Checks extends CheckCalls {
  /** Cancels every run under way and waits until each has ended (and pushed `checkFinished`). */
  stopAll(): Promise<void>;
}

interface Running {
  readonly abort: AbortController;
  /** Settles once the run is stored as ended and `checkFinished` was pushed. */
  readonly ended: Promise<void>;
}

export function createChecks(store: Store, profiles: Profiles, pushes: PushHub): Checks {
  const running = new Map<number, Running>();
  let stopped = false;

  async function startCheck(input: CheckStart) {
    const profile = profiles.profile(input.profile);
    const protocols = protocolsOf(profile, input.protocols);
    const checks = chosenChecks(protocols, input.only);
    const simulated = profile.name === 'simulator' && input.baseUrl === undefined;
    const model = input.model ?? (simulated ? null : profile.defaultModel);
    if (model === null && !simulated) throw new ApiError('invalid-argument', `startCheck: model: profile ${profile.name} has no default model: give one`);
    const given = input.baseUrl ?? (simulated ? null : profile.baseUrl);
    if (given === null && !simulated) throw new ApiError('invalid-argument', `startCheck: baseUrl: profile ${profile.name} has no base URL: give one`);
    if (given !== null && endpointUrl(given, protocols[0]!, model ?? '') === null) throw new ApiError('invalid-argument', `startCheck: baseUrl: not a URL: ${redactUrl(given)}`);
    // No key goes to the simulator the run starts for itself.
    const key = given === null ? null : profileKey(profile, input, given);

    const simulator = simulated ? await startSimulator({ host: '127.0.0.1', port: 0, timeScale: 0 }) : null;
    if (stopped) {
      await simulator?.close();
      throw new ApiError('unavailable', 'startCheck: the backend is closed');
    }
    const baseUrl = given ?? simulator!.url;
    const abort = new AbortController();
    let started: ReturnType<typeof startStoredRun>;
    try {
      started = startStoredRun({
        store,
        target: { model, profile: profile.name, protocols },
        baseUrl,
        checks,
        // The simulator answers by the scenario its model names: each check gets the one a faithful server answers with.
        model: model ?? ((check: ServerCheck) => simulatorModelOf(check.id)),
        ...(input.headers ? { headers: input.headers } : {}),
        ...(key !== null ? { keyHeaders: () => keyHeader(profile.auth, key) } : {}),
        ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
        ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
        signal: abort.signal,
        onResult: (result, run) => pushes.emit('checkResult', { run, result }),
      });
    } catch (error) {
      await simulator?.close();
      throw error;
    }
    const { begun, finished } = started;
    const ended = finished
      .then(
        ({ summary }) => summary,
        () => null,
      )
      .then(async (summary) => {
        await simulator?.close();
        running.delete(begun.id);
        pushes.emit('checkFinished', { run: summary ?? endedSummary(begun.id) ?? { ...begun, state: 'cancelled', finishedAt: new Date().toISOString() } });
      });
    running.set(begun.id, { abort, ended });
    return begun;
  }

  /** The run as stored, once it ended (null when the store is gone). */
  function endedSummary(id: number): CheckRunSummary | null {
    try {
      const run = store.getCheckRun(id);
      if (run === null) return null;
      const { checks: _checks, results: _results, ...summary } = run;
      return summary;
    } catch {
      return null;
    }
  }

  /**
   * The profile's key, if this run is to send it: not when the headers carry a key of their own. A
   * key goes only where it belongs, or where the user confirmed it may go (shared/api/key-host.ts).
   */
  function profileKey(profile: Profile, input: CheckStart, baseUrl: string): string | null {
    const ownKey = keyHeaderName(profile.auth);
    if (Object.keys(input.headers ?? {}).some((name) => name.toLowerCase() === ownKey)) return null;
    const key = profiles.keyFor(profile);
    if (key === null) {
      if (profile.keyEnv !== null) throw new ApiError('unavailable', `no API key for ${profile.label}: set one, or set ${profile.keyEnv} where Streamscope runs`);
      return null;
    }
    const problem = headerValueProblem(key);
    if (problem !== null) throw new ApiError('invalid-argument', `startCheck: the ${profile.label} key ${problem} (it is sent in a header): save another`);
    const target = keyOriginToConfirm(profile.baseUrl, baseUrl);
    if (target !== null && input.sendKeyTo !== target) {
      const home = profile.baseUrl === null ? 'has no host of its own' : `belongs to ${originOf(profile.baseUrl)}`;
      throw new ApiError('invalid-argument', `startCheck: sendKeyTo: the ${profile.label} key ${home}; it goes to ${target} only once the user confirms that host (sendKeyTo: "${target}")`);
    }
    return key;
  }

  return {
    listChecks: async () => allCheckInfos(),
    startCheck,
    async cancelCheck({ id }) {
      const run = running.get(id);
      if (!run) return false;
      run.abort.abort();
      await run.ended;
      return true;
    },
    listCheckRuns: async (query) => store.listCheckRuns(query),
    getCheckRun: async ({ id }) => store.getCheckRun(id),
    deleteCheckRun: async ({ id }) => {
      if (running.has(id)) throw new ApiError('unavailable', `deleteCheckRun: check run ${id} is running: cancel it before deleting it`);
      return store.deleteCheckRun(id);
    },
    async stopAll() {
      stopped = true;
      const all = [...running.values()];
      for (const run of all) run.abort.abort();
      await Promise.all(all.map((run) => run.ended));
    },
  };
}

/** The dialects asked for, each one the profile serves; default: every one it serves. */
function protocolsOf(profile: Profile, asked: readonly Protocol[] | undefined): Protocol[] {
  if (asked === undefined) return [...profile.protocols];
  const protocols: Protocol[] = [];
  for (const protocol of asked) {
    if (protocolFor(profile, protocol) === null) throw new ApiError('invalid-argument', `startCheck: protocols: ${profile.label} serves ${profile.protocols.join(' and ')} only, not ${protocol}`);
    if (!protocols.includes(protocol)) protocols.push(protocol);
  }
  return protocols;
}

/** The dialects' batteries, or only the checks named (each one of theirs). */
function chosenChecks(protocols: readonly Protocol[], only: readonly string[] | undefined): ServerCheck[] {
  const battery = protocols.flatMap((protocol) => SERVER_BATTERIES[protocol]);
  if (only === undefined) return battery;
  const unknown = only.filter((id) => !battery.some((check) => check.id === id));
  if (unknown.length > 0) throw new ApiError('invalid-argument', `startCheck: only: no check ${unknown.map((id) => JSON.stringify(id)).join(', ')} among those of ${protocols.join(', ')}`);
  return battery.filter((check) => only.includes(check.id));
}
