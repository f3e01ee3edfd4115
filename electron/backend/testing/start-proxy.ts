// startProxy: `streamscope proxy` inside a test's own process, started by the same launcher as the
// command (proxy/launch.ts), closed with everything it opened.

import { resolve } from 'node:path';
import type { CaptureExchange } from '../../../shared/capture/types.ts';
import { checkFaults } from '../../../shared/replay/faults.ts';
import { listenError } from '../cli/serving.ts';
import { CaptureLaunchError, launchCaptureProxy } from '../proxy/launch.ts';
import { defaultDbPath } from '../store/index.ts';
import { checkOptions, PROXY_OPTIONS } from './options.ts';
import type { ProxyOptions, Upstream } from './options.ts';

export interface RunningProxy {
  /** The base URL a client takes, e.g. `http://127.0.0.1:PORT/v1` (the first upstream's, with several). */
  readonly url: string;
  /** Every upstream's base URL, in the order given. */
  readonly urls: readonly string[];
  readonly port: number;
  /** The exchanges that ended, in the order they ended. */
  readonly exchanges: readonly CaptureExchange[];
  /** Stops the proxy (streams in flight are cut) and closes what it opened; nothing is left running. */
  close(): Promise<void>;
}

/** `streamscope proxy` in this process: options checked first (a TypeError names a wrong one). */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const checked = checkOptions('startProxy', PROXY_OPTIONS, options);
  const faults = checked.faults ?? {};
  try {
    checkFaults(faults);
  } catch (error) {
    throw new TypeError(`startProxy: faults: ${(error as Error).message}`, { cause: error });
  }
  const upstreams = (checked.upstream === undefined ? [] : Array.isArray(checked.upstream) ? checked.upstream : [checked.upstream]).map((spec: Upstream) => (typeof spec === 'string' ? { url: spec } : spec));
  const port = checked.port ?? 0;
  let launched;
  try {
    launched = await launchCaptureProxy({
      upstreams,
      profiles: checked.profiles ?? [],
      db: checked.db === false ? null : (checked.db ?? defaultDbPath()),
      port,
      tags: checked.tags ?? [],
      keepEncoding: checked.keepEncoding ?? false,
      allowOrigins: checked.allowOrigins ?? [],
      secretHeaders: checked.redactHeaders ?? [],
      keepHighEntropyHeaders: checked.keepHighEntropyHeaders ?? false,
      ...(checked.maxRecordingBytes === undefined ? {} : { maxRecordingBytes: checked.maxRecordingBytes }),
      ...(checked.cassettes !== undefined && checked.mode !== undefined ? { cassettes: { dir: resolve(checked.cassettes), mode: checked.mode, speed: checked.speed ?? 1, faults } } : {}),
    });
  } catch (error) {
    const cause = error instanceof CaptureLaunchError ? error : listenError(error, '127.0.0.1', port);
    throw new Error(`startProxy: ${(cause as Error).message}`, { cause: error });
  }
  const { proxy } = launched;
  return {
    url: proxy.bases[0]!.baseUrl,
    urls: proxy.bases.map((base) => base.baseUrl),
    port: proxy.port,
    get exchanges() {
      return proxy.exchanges;
    },
    close: once(() => launched.close()),
  };
}

/** A close that can be called twice (an afterAll and a finally) and does the work once. */
export function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
