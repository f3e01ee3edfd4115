// Live recordings: start one from a profile, push its reads and events as they arrive (batched),
// push `finished` when it ends, however it ends. Cancelling aborts the exchange; the store keeps
// what arrived, and the recording ends as `aborted`.

import type { LiveFinished, LiveRequest, LiveStarted, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { keyOriginToConfirm, originOf } from '../../../shared/api/key-host.ts';
import type { RecordedEnd } from '../../../shared/index.ts';
import { headerValueProblem } from '../../../shared/recording/header-field.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { endpointUrl, keyHeader, keyHeaderName, protocolFor, withProtocolHeaders } from '../recorder/profiles.ts';
import type { Profile } from '../recorder/profiles.ts';
import { recordStream } from '../recorder/record.ts';
import { buildRequestBody } from '../../../shared/dialects/request.ts';
import type { Store } from '../store/index.ts';
import { createLiveBatcher } from './live-batch.ts';
import type { LiveBatchOptions } from './live-batch.ts';
import type { Profiles } from './profiles.ts';
import type { PushHub } from './pushes.ts';
import type { SimulatorHost } from './simulator.ts';

type LiveCalls = Pick<StreamscopeApi, 'startRecording' | 'cancelRecording'>;

export interface Live extends LiveCalls {
  isLive(id: number): boolean;
  /** Cancels every live recording and waits until each has ended (and pushed `finished`). */
  cancelAll(): Promise<void>;
}

export interface LiveContext {
  readonly store: Store;
  readonly profiles: Profiles;
  readonly simulator: SimulatorHost;
  readonly pushes: PushHub;
  readonly batch?: LiveBatchOptions;
}

interface Running {
  readonly abort: AbortController;
  /** Settles once the recording has ended and `finished` was pushed. */
  readonly ended: Promise<void>;
}

export function createLive(context: LiveContext): Live {
  const { store, profiles, pushes } = context;
  const running = new Map<number, Running>();
  let stopped = false;

  async function startRecording(request: LiveRequest): Promise<LiveStarted> {
    const profile = profiles.profile(request.profile);
    const protocol = protocolFor(profile, request.protocol);
    if (protocol === null) throw new ApiError('invalid-argument', `startRecording: protocol: ${profile.label} serves ${profile.protocols.join(' and ')} only, not ${request.protocol}`);
    const base = await baseUrlOf(profile, request);
    const model = request.model ?? profile.defaultModel;
    if (!model) throw new ApiError('invalid-argument', `startRecording: model: profile ${profile.name} has no default model: give one`);
    const url = endpoint(base, protocol, model);
    const headers = withProtocolHeaders(protocol, request.headers);
    const key = profileKey(profile, request, url);
    if (key !== null) Object.assign(headers, keyHeader(profile.auth, key));
    const built = buildRequestBody(protocol, {
      model,
      messages: request.messages,
      ...(request.tools !== undefined ? { tools: request.tools } : {}),
      ...(request.params !== undefined ? { params: request.params } : {}),
      ...(request.includeUsage !== undefined ? { includeUsage: request.includeUsage } : {}),
      ...(request.includeObfuscation !== undefined ? { includeObfuscation: request.includeObfuscation } : {}),
    });
    if (!built.ok) throw new ApiError('invalid-argument', `startRecording: ${built.problem}`);
    const body = built.body;
    // Checked before the recording is stored: a body that fails to serialise later would fail after it began.
    try {
      JSON.stringify(body);
    } catch (error) {
      throw new ApiError('invalid-argument', `startRecording: the body cannot be sent as JSON (${error instanceof Error ? error.message : String(error)})`);
    }

    // The backend may have closed while this call waited for the simulator.
    if (stopped) throw new ApiError('unavailable', 'startRecording: the backend is closed');
    const abort = new AbortController();
    let begun!: (start: LiveStarted) => void;
    const started = new Promise<LiveStarted>((resolve) => (begun = resolve));
    let batcher: ReturnType<typeof createLiveBatcher> | null = null;
    const recorded = recordStream({
      url,
      headers,
      body,
      store,
      signal: abort.signal,
      ...(request.name !== undefined ? { name: request.name } : {}),
      timeouts: {
        ...(request.firstByteTimeoutMs !== undefined ? { firstByteMs: request.firstByteTimeoutMs } : {}),
        ...(request.idleTimeoutMs !== undefined ? { idleMs: request.idleTimeoutMs } : {}),
      },
      onStart: ({ id, request: stored }) => {
        batcher = createLiveBatcher(id!, (batch) => pushes.emit('live', batch), context.batch);
        begun({ id: id!, request: stored });
      },
      onResponse: (response) => batcher?.response(response),
      onRead: (t, bytes) => batcher?.read(t, bytes),
      onEvent: (event) => batcher?.event(event),
    });
    // recordStream calls onStart before its first await; it rejects only when the store could not begin the recording.
    const { id, request: storedRequest } = await Promise.race([started, recorded.then(() => Promise.reject(new Error('the recording ended before it began')))]);
    const ended = recorded.then(
      (result) => result.recording.end!,
      (error: unknown): RecordedEnd => ({ t: null, outcome: 'error', error: error instanceof Error ? error.message : String(error) }),
    ).then((end) => {
      batcher?.flush();
      running.delete(id);
      const finished: LiveFinished = { id, end, summary: summaryOf(id) };
      pushes.emit('finished', finished);
    });
    running.set(id, { abort, ended });
    return { id, request: storedRequest };
  }

  function summaryOf(id: number): LiveFinished['summary'] {
    try {
      return store.summary(id);
    } catch {
      // The store closed under the recording: the outcome still reaches the UI.
      return null;
    }
  }

  /**
   * The profile's key, if this request is to send it: not when the request's headers carry a key
   * of their own. A key goes only where it belongs, or where the user confirmed it may go
   * (shared/api/key-host.ts), and only if a header can carry it (checked before anything is stored).
   */
  function profileKey(profile: Profile, request: LiveRequest, url: string): string | null {
    const ownKey = keyHeaderName(profile.auth);
    if (Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === ownKey)) return null;
    const key = profiles.keyFor(profile);
    if (key === null) {
      if (profile.keyEnv !== null) throw new ApiError('unavailable', `no API key for ${profile.label}: set one, or set ${profile.keyEnv} where Streamscope runs`);
      return null;
    }
    const problem = headerValueProblem(key);
    if (problem !== null) throw new ApiError('invalid-argument', `startRecording: the ${profile.label} key ${problem} (it is sent in a header): save another`);
    const target = keyOriginToConfirm(profile.baseUrl, url);
    if (target !== null && request.sendKeyTo !== target) {
      const home = profile.baseUrl === null ? 'has no host of its own' : `belongs to ${originOf(profile.baseUrl)}`;
      throw new ApiError('invalid-argument', `startRecording: sendKeyTo: the ${profile.label} key ${home}; it goes to ${target} only once the user confirms that host (sendKeyTo: "${target}")`);
    }
    return key;
  }

  async function baseUrlOf(profile: Profile, request: LiveRequest): Promise<string> {
    if (request.baseUrl !== undefined) return request.baseUrl;
    if (profile.name === 'simulator') return context.simulator.url();
    if (profile.baseUrl !== null) return profile.baseUrl;
    throw new ApiError('invalid-argument', `startRecording: baseUrl: profile ${profile.name} has no base URL: give one${profile.name === 'azure' ? ' (https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT?api-version=2024-10-21)' : ''}`);
  }

  return {
    startRecording,
    async cancelRecording({ id }) {
      const recording = running.get(id);
      if (!recording) return false;
      recording.abort.abort();
      await recording.ended;
      return true;
    },
    isLive: (id) => running.has(id),
    async cancelAll() {
      stopped = true;
      const all = [...running.values()];
      for (const recording of all) recording.abort.abort();
      await Promise.all(all.map((recording) => recording.ended));
    },
  };
}

/** The dialect's endpoint for the model under a base URL; a query on the base (Azure's api-version) is kept. */
export function endpoint(baseUrl: string, protocol: Protocol, model: string): string {
  const url = endpointUrl(baseUrl, protocol, model);
  if (url === null) throw new ApiError('invalid-argument', `startRecording: baseUrl: not a URL: ${redactUrl(baseUrl)}`);
  return url.toString();
}
