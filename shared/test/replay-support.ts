// For the replay tests: timed recordings of every simulator scenario, made over
// loopback with the simulator's own test client (real bytes, real read boundaries,
// real times), and a byte-exact way to compare bodies.

import { scenariosOf, startSimulator } from '../../electron/backend/simulator/index.ts';
import { exchange, exchangeAt, toRecording } from '../../electron/backend/simulator/test-helpers.ts';
import { bedrockConverseDescriptor } from '../dialects/bedrock-converse/descriptor.ts';
import { geminiDescriptor } from '../dialects/gemini/descriptor.ts';
import type { Protocol } from '../dialects/types.ts';
import type { Recording } from '../recording/types.ts';

/** The dialects beside Chat Completions, as these tests name them: by the word a user types for each (`record --api messages`). */
export type Dialect = 'responses' | 'messages' | 'gemini' | 'bedrock';
export const DIALECT_PROTOCOLS: Readonly<Record<Dialect, Protocol>> = { responses: 'responses', messages: 'anthropic-messages', gemini: 'gemini', bedrock: 'bedrock-converse' };

export interface NamedRecording {
  readonly name: string;
  readonly recording: Recording;
}

/**
 * Records each scenario once, usage requested, at `timeScale` (default 0.02: the scenarios'
 * pacing fifty times faster, so reads still arrive apart but the whole set takes seconds).
 */
export async function recordScenarios(timeScale = 0.02): Promise<NamedRecording[]> {
  const simulator = await startSimulator({ timeScale, seed: 7 });
  try {
    return await Promise.all(
      scenariosOf('chat-completions').map(async (scenario) => {
        const done = await exchange(simulator.url, { model: `sim-${scenario.name}`, stream_options: { include_usage: true } });
        return { name: scenario.name, recording: toRecording(done, true) };
      }),
    );
  } finally {
    await simulator.close();
  }
}

/** What a user asks a dialect's scenario with: the official SDKs' minimum (Anthropic's requires max_tokens). */
export const DIALECT_QUESTION = 'How does streaming work?';

/** The path a dialect's requests go to under the simulator's `/v1` (and the replay's), where the body names the model. */
export const DIALECT_PATHS: Readonly<Record<Exclude<Dialect, 'gemini' | 'bedrock'>, string>> = { responses: '/responses', messages: '/messages' };

/** The path scenario `name` of `dialect` is asked at under `/v1`: Gemini's and Bedrock's name the model (`/models/sim-NAME:streamGenerateContent?alt=sse`, `/model/sim-NAME/converse-stream`). */
export function dialectPath(dialect: Dialect, name: string): string {
  if (dialect === 'gemini') return geminiDescriptor.endpoint(`sim-${name}`);
  if (dialect === 'bedrock') return bedrockConverseDescriptor.endpoint(`sim-${name}`);
  return DIALECT_PATHS[dialect];
}

/** The request body for scenario `name` of `dialect`, as the official SDK sends it (stream: true added on the wire; Gemini's and Bedrock's model is the path's, and the path or its query asks for the stream instead). */
export function dialectRequest(dialect: Dialect, name: string): Record<string, unknown> {
  const model = `sim-${name}`;
  if (dialect === 'gemini') return { contents: [{ role: 'user', parts: [{ text: DIALECT_QUESTION }] }] };
  if (dialect === 'bedrock') return { messages: [{ role: 'user', content: [{ text: DIALECT_QUESTION }] }] };
  if (dialect === 'responses') return { model, input: DIALECT_QUESTION };
  // sim-large's answer is about 2,000 tokens: max_tokens must leave room for it.
  return { model, max_tokens: name === 'large' ? 8192 : 1024, messages: [{ role: 'user', content: DIALECT_QUESTION }] };
}

/**
 * Records every Responses or Anthropic Messages scenario of the simulator once, at `timeScale`
 * (default 0.02, as recordScenarios), as timed recordings of their real reads.
 */
export async function recordDialectScenarios(dialect: Dialect, timeScale = 0.02): Promise<NamedRecording[]> {
  const simulator = await startSimulator({ timeScale, seed: 7 });
  try {
    return await Promise.all(
      scenariosOf(DIALECT_PROTOCOLS[dialect]).map(async (scenario) => {
        const done = await exchangeAt(`${simulator.url}${dialectPath(dialect, scenario.name)}`, dialect === 'gemini' || dialect === 'bedrock' ? dialectRequest(dialect, scenario.name) : { ...dialectRequest(dialect, scenario.name), stream: true });
        return { name: scenario.name, recording: toRecording(done, true) };
      }),
    );
  } finally {
    await simulator.close();
  }
}

/** Bytes as a Latin-1 string, one character a byte: byte-exact, and fast to compare and to show in a diff. */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
