// The simulator's dialects, registered: one line each, keyed by the protocol of
// the dialect registry (shared/dialects/registry.ts), so a registered dialect
// the simulator cannot speak is a type error here. Each is a folder that reads
// a request and renders the scenarios' answers on its wire (plan.ts,
// SimulatorDialect); the server finds one by its descriptor's request path.

import { PROTOCOLS, descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { MESSAGES_DIALECT } from './anthropic/index.ts';
import { CHAT_DIALECT } from './chat/index.ts';
import { endpointOf } from './plan.ts';
import type { Endpoint } from './plan.ts';
import { RESPONSES_DIALECT } from './responses/index.ts';

const SIMULATOR_DIALECTS: { readonly [P in Protocol]: Endpoint } = {
  'chat-completions': endpointOf(CHAT_DIALECT),
  responses: endpointOf(RESPONSES_DIALECT),
  'anthropic-messages': endpointOf(MESSAGES_DIALECT),
};

/** The dialect a POST to this path asks for (its descriptor's path, with or without /v1), if any. */
export function simulatorDialectAt(path: string): Endpoint | undefined {
  const protocol = PROTOCOLS.find((each) => path === descriptorOf(each).path || path === descriptorOf(each).pathEnding);
  return protocol === undefined ? undefined : SIMULATOR_DIALECTS[protocol];
}
