// What each real client should end with, from our analysis, and the one way a test checks it:
// exactly our message, or our message with the documented exception applied (exceptions.ts).

import { expect } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import type { EventKind } from '../../../../shared/dialects/chat/interpret.ts';
import { concatBytes } from '../../../../shared/formats/bytes.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import { aiSdk, openaiFinal, openaiIterator, ourView } from '../../../../shared/test/clients.ts';
import type { AiSdkEnd, AiSdkView, ClientEnd, ClientError, ClientRequest, ClientView } from '../../../../shared/test/clients.ts';

export type ClientName = 'openai-final' | 'openai-iterator' | 'ai-sdk';
export const CLIENT_NAMES: readonly ClientName[] = ['openai-final', 'openai-iterator', 'ai-sdk'];

/** Where a client differs from our analysis, and why (with the client source that does it). */
export interface ClientException {
  /** Fields of the client's view that differ, with the client's exact value. */
  readonly differs?: Readonly<Record<string, unknown>>;
  /** The client fails: the openai SDK's thrown error, or the AI SDK's error parts in order. */
  readonly fails?: ClientError | readonly ClientError[];
  /** The client stops reading at the first event of this kind (or where the connection broke): what it holds is our analysis of the body before it. */
  readonly stopsAt?: EventKind | 'cut';
  readonly why: string;
}

/** The AI SDK's unified finish reason for a raw one (@ai-sdk/openai-compatible src/chat/map-openai-compatible-finish-reason.ts 3-23). */
const UNIFIED: Readonly<Record<string, string>> = { stop: 'stop', length: 'length', content_filter: 'content-filter', tool_calls: 'tool-calls', function_call: 'tool-calls' };

/** What the AI SDK should show of our view: its channels, tool calls with parsed input, both finish reasons. */
export function aiSdkView(ours: ClientView): AiSdkView {
  return {
    content: ours.content,
    reasoning: ours.reasoning,
    tool_calls: ours.tool_calls?.map((call) => ({ id: call.id!, name: call.name!, input: JSON.parse(call.arguments!) as unknown })) ?? null,
    finish_reason: ours.finish_reason,
    unified_finish_reason: ours.finish_reason === null ? 'unknown' : (UNIFIED[ours.finish_reason] ?? 'other'),
    usage: ours.usage,
  };
}

/** Our view of the body up to the first event of `kind` (or all of it, for a cut), as a client that stopped there holds it. */
export function viewBefore(recording: Recording, stopsAt: EventKind | 'cut', bytesSent?: number): ClientView {
  const body = concatBytes(recording.reads.map((read) => read.bytes));
  if (stopsAt === 'cut') return ourView(analyzeRecording(recordingFromSse(body.subarray(0, bytesSent ?? body.length))));
  const event = analyzeRecording(recording).events.find((candidate) => candidate.interpretation.kind === stopsAt);
  if (!event) throw new Error(`the recording has no ${stopsAt} event`);
  return ourView(analyzeRecording(recordingFromSse(body.subarray(0, event.sse.start))));
}

export interface Clients {
  readonly 'openai-final': ClientEnd;
  readonly 'openai-iterator': ClientEnd;
  readonly 'ai-sdk': AiSdkEnd;
}

/** Runs the three clients, one after another, against `baseUrl`. */
export async function runClients(baseUrl: string, request: ClientRequest, toolNames: readonly string[]): Promise<Clients> {
  return {
    'openai-final': await openaiFinal(baseUrl, request),
    'openai-iterator': await openaiIterator(baseUrl, request),
    'ai-sdk': await aiSdk(baseUrl, request, toolNames),
  };
}

/** The client's end equals our analysis, with the exception (if any) applied. `before` is our view where the client stopped. */
export function expectClient(client: ClientName, end: ClientEnd | AiSdkEnd, ours: ClientView, exception: ClientException | undefined, before?: ClientView): void {
  const base = exception?.stopsAt !== undefined ? before! : ours;
  const differs = exception?.differs ?? {};
  if (client === 'ai-sdk') {
    const fails = exception?.fails;
    expect(end).toEqual({ errors: fails === undefined ? [] : Array.isArray(fails) ? fails : [fails], view: { ...aiSdkView(base), ...differs } });
    return;
  }
  if (exception?.fails === undefined) {
    expect(end).toEqual({ ok: true, view: { ...base, ...differs } });
    return;
  }
  // The stream helper rejects without a snapshot; the iterator's user keeps what came before the error.
  expect(end).toEqual({ ok: false, error: exception.fails, view: client === 'openai-final' ? null : { ...base, ...differs } });
}
