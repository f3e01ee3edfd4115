// What each real client should end with, from our analysis, and the one way a test checks it.
// Chat Completions' clients: exactly our message, or our message with the documented exception
// applied (exceptions.ts). The official SDKs of Responses and Anthropic Messages: the analysis'
// final object (the contract's `response` / `message`), that object with the fields where the SDK
// is known to part from it, or the error the SDK throws, with the finding that names the fault.
// Gemini's SDK builds no final object, nor does Bedrock's: what its app keeps of the chunks is
// compared with the same of the analysis' (GeminiView, BedrockView, shared/test/sdk-clients.ts).

import { expect } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { toContract } from '../../../../shared/analysis/contract.ts';
import type { AnalysisContract, MessagesContract, ResponsesContract } from '../../../../shared/analysis/contract.ts';
import { bedrockConverseDescriptor } from '../../../../shared/dialects/bedrock-converse/descriptor.ts';
import type { ConverseResponse } from '../../../../shared/dialects/bedrock-converse/final.ts';
import { geminiDescriptor } from '../../../../shared/dialects/gemini/descriptor.ts';
import type { GeminiResponse } from '../../../../shared/dialects/gemini/final.ts';
import type { EventKind } from '../../../../shared/dialects/chat/interpret.ts';
import { concatBytes } from '../../../../shared/formats/bytes.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import type { ReplayFaults } from '../../../../shared/replay/faults.ts';
import type { ReplayPlan } from '../../../../shared/replay/plan.ts';
import { aiSdk, bedrockFinal, bedrockViewOf, geminiFinal, geminiViewOf, messagesFinal, openaiFinal, openaiIterator, ourView, responsesFinal } from '../../../../shared/test/sdk-clients.ts';
import type { AiSdkEnd, AiSdkView, BedrockAsk, ClientEnd, ClientError, ClientRequest, ClientView, GeminiAsk, MessagesAsk, ResponsesAsk, SdkEnd, SdkError } from '../../../../shared/test/sdk-clients.ts';
import { DIALECT_QUESTION } from '../../../../shared/test/replay-support.ts';
import type { Dialect } from '../../../../shared/test/replay-support.ts';
import { startReplayServer } from '../index.ts';

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

// ------------------------------------------------------------------ Responses and Anthropic Messages: the official SDK

/** What the SDK ends with: the analysis' final object; it with these fields (paths) at the SDK's values; or the error it throws. */
export type SdkOutcome = { readonly final: true } | { readonly differs: Readonly<Record<string, unknown>> } | { readonly throws: SdkError | { readonly name: string; readonly message: unknown } };

export interface DialectExpectation {
  readonly sdk: SdkOutcome;
  /** The analysis' warnings and errors, sorted (timing findings aside: a loaded machine makes them on its own). */
  readonly codes: readonly string[];
  /** Where the SDK throws or differs: the finding among `codes` that names the fault. */
  readonly names?: string;
}

/** The SDK ends with our final object, and the analysis finds these (none by default). */
export const clean = (codes: string[] = []): DialectExpectation => ({ sdk: { final: true }, codes });

/** What a run gave: the SDK's end, our final object as JSON, our warnings and errors. */
export interface DialectRun {
  readonly sdk: SdkEnd;
  readonly ours: unknown;
  readonly codes: string[];
}

type Json = Record<string, unknown>;
type Ask = ResponsesAsk | MessagesAsk | GeminiAsk | BedrockAsk;
const TIMING = new Set(['buffered-delivery', 'idle-gap']);

/** How each dialect's official SDK is asked and read: its request from a recorded body, its final call, and the analysis' final object it is compared with. */
interface SdkDriver {
  /** The SDK's request: the recorded one (the replay matches it), else a user's question (a recording without a body answers any request of its dialect). */
  readonly ask: (body: Json, url: string | null) => Ask;
  readonly final: (baseUrl: string, ask: Ask) => Promise<SdkEnd>;
  readonly ours: (contract: AnalysisContract) => unknown;
}

const SDK_DRIVERS: Readonly<Record<Dialect, SdkDriver>> = {
  responses: {
    ask: (body) => ({ model: (body.model as string) ?? 'gpt-5', input: (body.input as string) ?? DIALECT_QUESTION }),
    final: (baseUrl, ask) => responsesFinal(baseUrl, ask as ResponsesAsk),
    ours: (contract) => (contract as ResponsesContract).response,
  },
  messages: {
    ask: (body) => ({ model: (body.model as string) ?? 'claude-sonnet-4-6', max_tokens: (body.max_tokens as number) ?? 1024, messages: (body.messages as MessagesAsk['messages']) ?? [{ role: 'user', content: DIALECT_QUESTION }] }),
    final: (baseUrl, ask) => messagesFinal(baseUrl, ask as MessagesAsk),
    ours: (contract) => (contract as MessagesContract).message,
  },
  // The SDK builds no final object: what its app keeps of the chunks, beside the same of our response (sdk-clients.ts, GeminiView).
  gemini: {
    ask: (body, url) => ({
      model: (url === null ? null : geminiDescriptor.modelOfPath(new URL(url, 'http://replay').pathname)) ?? 'gemini-2.5-flash',
      contents: body.contents ?? [{ role: 'user', parts: [{ text: DIALECT_QUESTION }] }],
      ...(body.generationConfig === undefined ? {} : { config: body.generationConfig as Json }),
    }),
    final: (baseUrl, ask) => geminiFinal(baseUrl, ask as GeminiAsk),
    ours: (contract) => {
      const response = (contract as { response?: GeminiResponse | null }).response;
      return response ? geminiViewOf(response) : null;
    },
  },
  // Nor does Bedrock's: what its app keeps of the events, beside the same of our output (sdk-clients.ts, BedrockView).
  bedrock: {
    ask: (body, url) => ({
      modelId: (url === null ? null : bedrockConverseDescriptor.modelOfPath(new URL(url, 'http://replay').pathname)) ?? 'anthropic.claude-3-5-sonnet-20240620-v1:0',
      messages: (body.messages as BedrockAsk['messages'] | undefined) ?? [{ role: 'user', content: [{ text: DIALECT_QUESTION }] }],
      ...(body.inferenceConfig === undefined ? {} : { inferenceConfig: body.inferenceConfig as Json }),
    }),
    final: (baseUrl, ask) => bedrockFinal(baseUrl, ask as BedrockAsk),
    ours: (contract) => {
      const output = (contract as { output?: ConverseResponse | null }).output;
      return output ? bedrockViewOf(output as Parameters<typeof bedrockViewOf>[0]) : null;
    },
  },
};

/** The SDK's request: the recorded one (the replay matches it), else a user's question (a recording without a body answers any request of its dialect). */
export function askFor(dialect: Dialect, recording: Recording): Ask {
  return SDK_DRIVERS[dialect].ask((recording.request?.body ?? {}) as Json, recording.request?.url ?? null);
}

/** The analysis' final object of the dialect, as JSON, and its warnings and errors, each once, sorted, timing aside. */
export function ourEnd(recording: Recording, dialect: Dialect): { ours: unknown; codes: string[] } {
  const analysis = analyzeRecording(recording);
  const contract = toContract(analysis);
  const ours = SDK_DRIVERS[dialect].ours(contract);
  const codes = [...new Set(analysis.diagnostics.filter((d) => d.severity !== 'info' && !TIMING.has(d.code)).map((d) => d.code))].sort();
  return { ours: JSON.parse(JSON.stringify(ours ?? null)) as unknown, codes };
}

/** What a client recorded of a replay: the bytes the plan sends, as they come, on the recording's request, cut where the plan cuts. */
export function sentRecording(recording: Recording, plan: ReplayPlan): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: recording.request,
    response: plan.status === null ? null : { t: 0, status: plan.status, httpVersion: '1.1', headers: Object.fromEntries(plan.headers) },
    reads: plan.writes.map((write) => ({ t: null, bytes: write.bytes })),
    end: { t: null, outcome: plan.end.how === 'end' ? 'eof' : 'error', ...(plan.end.how === 'end' ? {} : { error: 'terminated' }) },
  };
}

/**
 * Serves the recording (at `speed`, with `faults`) and reads it with the dialect's SDK; beside it,
 * the analysis of `analysed` (default: the recording itself).
 */
export async function runDialect(dialect: Dialect, recording: Recording, options: { speed?: number; faults?: ReplayFaults; analysed?: Recording } = {}): Promise<DialectRun> {
  const server = await startReplayServer({ sources: [{ label: 'recording', recording }], speed: options.speed ?? 0, faults: options.faults });
  try {
    const ask = askFor(dialect, recording);
    const sdk = await SDK_DRIVERS[dialect].final(server.baseUrl, ask);
    return { sdk, ...ourEnd(options.analysed ?? recording, dialect) };
  } finally {
    await server.close();
  }
}

/** `value` with the fields at these paths (`output[0].content[0].text`) set. */
export function withFields(value: unknown, fields: Readonly<Record<string, unknown>>): unknown {
  const copy = structuredClone(value) as Json;
  for (const [path, field] of Object.entries(fields)) {
    const steps = path.match(/[^.[\]]+/g)!;
    let at: Json = copy;
    for (const step of steps.slice(0, -1)) at = at[step] as Json;
    at[steps.at(-1)!] = field;
  }
  return copy;
}

/** The run ends as expected: the SDK's end exactly, our findings exactly, and the finding that names a failure among them. */
export function expectRun(run: DialectRun, expected: DialectExpectation): void {
  const { sdk } = expected;
  if ('throws' in sdk) expect(run.sdk).toEqual({ ok: false, error: sdk.throws });
  else expect(run.sdk).toEqual({ ok: true, final: 'differs' in sdk ? withFields(run.ours, sdk.differs) : run.ours });
  expect(run.codes).toEqual(expected.codes);
  if ('final' in sdk) expect(expected.names).toBeUndefined();
  else expect(run.codes).toContain(expected.names);
}
