// The dialects, registered: one line each (docs/architecture.md, "Adding a dialect"). Every table
// of dialects — detection, names, words, paths, the fold's readings — is read from this list,
// in its order (detection asks each dialect in turn).

import { messages as anthropic } from './anthropic/index.ts';
import { bedrockConverse } from './bedrock-converse/index.ts';
import { chat } from './chat/dialect.ts';
import { gemini } from './gemini/index.ts';
import { responses } from './responses/index.ts';
import type { DialectDescriptor, Protocol, RegisteredDialect } from './types.ts';

export const REGISTERED_DIALECTS: readonly RegisteredDialect[] = [chat, responses, anthropic, gemini, bedrockConverse];

/** The registered dialects' names, in registry order. */
export const PROTOCOLS: readonly Protocol[] = REGISTERED_DIALECTS.map((dialect) => dialect.protocol);

/**
 * The first registered: what a body that tells no dialect and holds no data at all is read in, so
 * that its end-of-stream findings (no-done: "the body holds no SSE event at all") are those the
 * product always gave such a body, and what a request that names no dialect asks for.
 */
export const DEFAULT_PROTOCOL: Protocol = PROTOCOLS[0]!;

const BY_PROTOCOL: ReadonlyMap<string, RegisteredDialect> = new Map(REGISTERED_DIALECTS.map((dialect) => [dialect.protocol, dialect]));

/** The registered dialect of this name (a Protocol is always registered: its folder adds it). */
export function registeredDialect(protocol: Protocol): RegisteredDialect {
  return BY_PROTOCOL.get(protocol)!;
}

export function descriptorOf(protocol: Protocol): DialectDescriptor {
  return registeredDialect(protocol).descriptor;
}

/** The dialect a user's word names (`chat`, `responses`, `messages`), or undefined. */
export function protocolOfWord(word: string): Protocol | undefined {
  return REGISTERED_DIALECTS.find((dialect) => dialect.descriptor.word === word)?.protocol;
}
