// A capture proxy started from what a user names (upstream URLs, profiles, a database file) rather
// than from routes and an open store: what `streamscope proxy` and the JavaScript API's startProxy
// share, so the two take the same upstreams the same way and leave nothing open behind them.

import { planRoutes } from '../../../shared/capture/routes.ts';
import { captureUpstreams } from '../recorder/profiles.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { startCaptureProxy } from './server.ts';
import type { CaptureProxy, CaptureProxyOptions } from './types.ts';

export interface CaptureLaunchOptions extends Omit<CaptureProxyOptions, 'routes' | 'store'> {
  /** Upstream base URLs; a name sets the route's prefix. */
  readonly upstreams: readonly { readonly url: string; readonly name?: string }[];
  /** Built-in profiles' upstreams, each under /NAME; "simulator" starts the built-in simulator. */
  readonly profiles?: readonly string[];
  /** The database the recordings go into; null stores none (they are only relayed, and written as cassettes). */
  readonly db: string | null;
}

export interface LaunchedCaptureProxy {
  readonly proxy: CaptureProxy;
  /** Stops the proxy, then the simulator it started, then closes the database. */
  close(): Promise<void>;
}

/** A message for the user (an unknown profile, a bad URL, a database that does not open). */
export class CaptureLaunchError extends Error {
  override name = 'CaptureLaunchError';
}

/**
 * Starts the proxy. Whatever it opened is closed again when it fails: a CaptureLaunchError says
 * why in the user's words, and a listen error (with its errno `code`) comes as it is.
 */
export async function launchCaptureProxy(options: CaptureLaunchOptions): Promise<LaunchedCaptureProxy> {
  const { upstreams, profiles = [], db, ...proxyOptions } = options;
  let simulator: Simulator | undefined;
  let store: Store | undefined;
  try {
    if (profiles.some((name) => name.toLowerCase() === 'simulator')) simulator = await startSimulator({ host: '127.0.0.1', port: 0 });
    const specs = captureUpstreams(profiles, upstreams, simulator?.url);
    if (typeof specs === 'string') throw new CaptureLaunchError(specs);
    const routing = planRoutes(specs, specs.length > 1 || profiles.length > 0 || upstreams.some((spec) => spec.name !== undefined));
    if (!routing.ok) throw new CaptureLaunchError(routing.error);
    if (db !== null) {
      try {
        store = openStore(db);
      } catch (error) {
        throw new CaptureLaunchError(`cannot open the database ${db}: ${(error as Error).message}`);
      }
    }
    let proxy: CaptureProxy;
    try {
      proxy = await startCaptureProxy({ ...proxyOptions, routes: routing.routes, ...(store ? { store } : {}) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== undefined) throw error;
      throw new CaptureLaunchError((error as Error).message);
    }
    const opened = { simulator, store };
    return {
      proxy,
      async close() {
        await proxy.close();
        await opened.simulator?.close();
        opened.store?.close();
      },
    };
  } catch (error) {
    store?.close();
    await simulator?.close();
    throw error;
  }
}
