// The calling side: an object with one method per call of the contract, built from the list of
// calls over any transport. The renderer holds only this; it never sees IPC or fetch.

import { API_CALLS } from './contract.ts';
import type { ApiCall, ApiPush, ApiPushes, StreamscopeApi } from './contract.ts';
import { ApiError } from './errors.ts';
import type { ApiReply } from './errors.ts';

/** What carries calls and pushes: Electron IPC (preload) or loopback HTTP (serve mode). */
export interface ApiTransport {
  call(call: ApiCall, input: unknown): Promise<ApiReply>;
  /** Delivers every push until the returned function is called. */
  subscribe(listener: (push: ApiPush, payload: unknown) => void): () => void;
}

export type ApiClient = StreamscopeApi & {
  on<P extends ApiPush>(push: P, listener: (payload: ApiPushes[P]) => void): () => void;
};

export function createApiClient(transport: ApiTransport): ApiClient {
  const client: Record<string, unknown> = {};
  for (const call of API_CALLS) {
    client[call] = async (input: unknown = {}) => {
      const reply = await transport.call(call, input);
      if (!reply.ok) throw new ApiError(reply.error.code, reply.error.message);
      return reply.value;
    };
  }
  client.on = <P extends ApiPush>(push: P, listener: (payload: ApiPushes[P]) => void) =>
    transport.subscribe((name, payload) => {
      if (name === push) listener(payload as ApiPushes[P]);
    });
  return client as unknown as ApiClient;
}
