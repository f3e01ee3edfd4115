// The simulator's dialects, registered: one line each, keyed by the protocol of
// the dialect registry (shared/dialects/registry.ts), so a registered dialect
// the simulator cannot speak is a type error here. Each is a folder that reads
// a request and renders the scenarios' answers on its wire (plan.ts,
// SimulatorDialect); the server finds one by its descriptor's request path.

import { PROTOCOLS, descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { MESSAGES_DIALECT } from './anthropic/index.ts';
import { BEDROCK_CONVERSE_DIALECT } from './bedrock-converse/index.ts';
import { CHAT_DIALECT } from './chat/index.ts';
import { GEMINI_DIALECT } from './gemini/index.ts';
import { endpointOf } from './plan.ts';
import type { Endpoint } from './plan.ts';
import { RESPONSES_DIALECT } from './responses/index.ts';

const SIMULATOR_DIALECTS: { readonly [P in Protocol]: Endpoint } = {
  'chat-completions': endpointOf(CHAT_DIALECT),
  responses: endpointOf(RESPONSES_DIALECT),
  'anthropic-messages': endpointOf(MESSAGES_DIALECT),
  gemini: endpointOf(GEMINI_DIALECT),
  'bedrock-converse': endpointOf(BEDROCK_CONVERSE_DIALECT),
};

/** The dialect a POST to this path asks for (its descriptor's path, with or without /v1, or one that names a model where the dialect's path does), if any. */
export function simulatorDialectAt(path: string): Endpoint | undefined {
  const protocol = PROTOCOLS.find((each) => {
    const descriptor = descriptorOf(each);
    return path === descriptor.path || path === descriptor.pathEnding || descriptor.modelOfPath(path) !== null;
  });
  return protocol === undefined ? undefined : SIMULATOR_DIALECTS[protocol];
}
