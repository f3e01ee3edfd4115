// startMock: `streamscope replay` inside a test's own process: recordings served as an OpenAI- and
// Anthropic-compatible endpoint, loaded and served by what the command uses.

import { checkFaults } from '../../../shared/replay/faults.ts';
import { loadRecordingArg } from '../cli/recording-arg.ts';
import { listenError } from '../cli/serving.ts';
import { startReplayServer } from '../replay/index.ts';
import type { ReplayRequestLog, ReplaySource } from '../replay/index.ts';
import { checkOptions, MOCK_OPTIONS } from './options.ts';
import type { MockOptions } from './options.ts';
import { once } from './start-proxy.ts';

export interface RunningMock {
  /** `http://127.0.0.1:PORT/v1`: an OpenAI client's base URL (an Anthropic client's is without `/v1`). */
  readonly url: string;
  readonly port: number;
  /** The requests served so far, in the order their responses ended. */
  readonly requests: readonly ReplayRequestLog[];
  /** Stops listening and ends every open connection; nothing is left running. */
  close(): Promise<void>;
}

/** `streamscope replay` in this process: options checked first (a TypeError names a wrong one). */
export async function startMock(options: MockOptions): Promise<RunningMock> {
  const checked = checkOptions('startMock', MOCK_OPTIONS, options);
  const faults = checked.faults ?? {};
  try {
    checkFaults(faults);
  } catch (error) {
    throw new TypeError(`startMock: faults: ${(error as Error).message}`, { cause: error });
  }
  const sources: ReplaySource[] = [];
  for (const spec of Array.isArray(checked.recordings) ? checked.recordings : [checked.recordings]) {
    try {
      const { recording, label } = await loadRecordingArg(String(spec), checked.db);
      sources.push({ label, recording });
    } catch (error) {
      throw new Error(`startMock: ${(error as Error).message}`, { cause: error });
    }
  }
  const host = checked.host ?? '127.0.0.1';
  const port = checked.port ?? 0;
  let server;
  try {
    server = await startReplayServer({
      sources,
      host,
      port,
      faults,
      ...(checked.speed === undefined ? {} : { speed: checked.speed }),
      ...(checked.precise === undefined ? {} : { precise: checked.precise }),
      ...(checked.untimedIntervalMs === undefined ? {} : { untimedIntervalMs: checked.untimedIntervalMs }),
    });
  } catch (error) {
    throw new Error(`startMock: ${(listenError(error, host, port) as Error).message}`, { cause: error });
  }
  return {
    url: server.baseUrl,
    port: server.port,
    get requests() {
      return server.requests;
    },
    close: once(() => server.close()),
  };
}
