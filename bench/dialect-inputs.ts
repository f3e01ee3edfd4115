// The inputs of the dialects' full-analysis benchmark (docs/performance.md): a 100,000-event
// Responses stream and a 100,000-event Anthropic Messages stream, each as its server sends a long
// answer, beside the Chat Completions stream of bench/inputs.ts.

import { eventFrame } from '../shared/framing/aws-eventstream/encode.ts';
import type { Body } from './inputs.ts';

type Json = Record<string, unknown>;

const BENCH_WORDS = ['The', ' quick', ' brown', ' fox', ' jumps', ' over', ' the', ' lazy', ' dog', '.', ' Hello', ' world'];
const MESSAGE_ID = 'msg_0775572d10a16b66006a8d8528e8a887d2a32ef76463d40c98';
const PADDING = 'H2d0mf8T42i5YaQqpFy2xPQQ7';

/**
 * A Responses stream of `events` events as OpenAI sends a long answer : one
 * message, its text in output_text.delta events with logprobs and obfuscation padding of varying
 * length, sequence numbers, and a response.completed carrying the whole output.
 */
export function responsesBenchStream(events: number): string {
  const out: string[] = [];
  let sequence = 0;
  const event = (payload: Json) => out.push(`event: ${String(payload.type)}\ndata: ${JSON.stringify({ ...payload, sequence_number: sequence++ })}\n\n`);
  const envelope = { id: 'resp_0775572d10a16b66006a8d85285ef487d2ae865d3657af7276', object: 'response', created_at: 1787659560, status: 'in_progress', model: 'gpt-5.1-2025-11-13', output: [], usage: null };
  event({ type: 'response.created', response: envelope });
  event({ type: 'response.output_item.added', output_index: 0, item: { id: MESSAGE_ID, type: 'message', status: 'in_progress', content: [], role: 'assistant' } });
  event({ type: 'response.content_part.added', item_id: MESSAGE_ID, output_index: 0, content_index: 0, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
  const texts: string[] = [];
  for (let i = 0; i < events - 7; i++) {
    const word = BENCH_WORDS[i % BENCH_WORDS.length]!;
    texts.push(word);
    out.push(
      `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","content_index":0,"delta":${JSON.stringify(word)},"item_id":"${MESSAGE_ID}","logprobs":[],"obfuscation":"${PADDING.slice(0, i % PADDING.length)}","output_index":0,"sequence_number":${sequence++}}\n\n`,
    );
  }
  const text = texts.join('');
  const part = { type: 'output_text', annotations: [], logprobs: [], text };
  const item = { id: MESSAGE_ID, type: 'message', status: 'completed', content: [part], role: 'assistant' };
  event({ type: 'response.output_text.done', item_id: MESSAGE_ID, output_index: 0, content_index: 0, text, logprobs: [] });
  event({ type: 'response.content_part.done', item_id: MESSAGE_ID, output_index: 0, content_index: 0, part });
  event({ type: 'response.output_item.done', output_index: 0, item });
  event({ type: 'response.completed', response: { ...envelope, status: 'completed', output: [item], usage: { input_tokens: 12, output_tokens: events, total_tokens: events + 12 } } });
  return out.join('');
}

/**
 * An Anthropic Messages stream of `events` events as Anthropic sends a long answer (the benchmark's
 * input): one text block in text_delta events, each payload padded with 0–15 spaces before its
 * final brace as the live API pads them, a ping, and cumulative usage.
 */
export function messagesBenchStream(events: number): string {
  const out: string[] = [];
  const event = (payload: Json) => out.push(`event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`);
  event({ type: 'message_start', message: { id: 'msg_01XFDUDYJgAACzvnptvVoYEL', type: 'message', role: 'assistant', content: [], model: 'claude-sonnet-4-6', stop_reason: null, stop_sequence: null, usage: { input_tokens: 25, output_tokens: 1 } } });
  event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  out.push('event: ping\ndata: {"type": "ping"}\n\n');
  for (let i = 0; i < events - 6; i++) {
    out.push(`event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(BENCH_WORDS[i % BENCH_WORDS.length])}}${' '.repeat(i % 16)}}\n\n`);
  }
  event({ type: 'content_block_stop', index: 0 });
  event({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: events } });
  event({ type: 'message_stop' });
  return out.join('');
}

/** A body and its event count (every event here has a data line). */
export function dialectBody(text: string, events: number): Body {
  const bytes = new TextEncoder().encode(text);
  // Offsets of event ends are not needed by the analysis benchmark.
  return { bytes, eventEnds: [], events };
}

/**
 * A Gemini stream of `events` events as generativelanguage.googleapis.com sends a long answer
 * with `alt=sse` (shared/test/fixtures/gemini/SOURCES.md): data-only events, CRLF-framed, each a
 * whole GenerateContentResponse with one text part, Google's spacing, its usageMetadata growing,
 * modelVersion and responseId on every event, finishReason STOP on the last; no [DONE].
 */
export function geminiBenchStream(events: number): string {
  const out: string[] = [];
  for (let i = 0; i < events; i++) {
    const last = i === events - 1;
    const word = JSON.stringify(BENCH_WORDS[i % BENCH_WORDS.length]);
    out.push(
      `data: {"candidates": [{"content": {"parts": [{"text": ${word}}],"role": "model"},${last ? '"finishReason": "STOP",' : ''}"index": 0}],"usageMetadata": {"promptTokenCount": 18,"candidatesTokenCount": ${i + 1},"totalTokenCount": ${i + 19},"promptTokensDetails": [{"modality": "TEXT","tokenCount": 18}]},"modelVersion": "gemini-2.5-flash","responseId": "g1P6aZnMMZq5qtsPj9fyuQ8"}\r\n\r\n`,
    );
  }
  return out.join('');
}

/**
 * A Bedrock ConverseStream answer of `events` frames as Bedrock sends a long answer: messageStart,
 * one text block in contentBlockDelta frames of a word each, its contentBlockStop, messageStop and
 * metadata with usage and latency; each payload with Bedrock's `p` padding of varying length.
 * Returns each frame, one a read, as the SDK sees them arrive.
 */
export function bedrockBenchFrames(events: number): Uint8Array[] {
  const pad = (i: number) => PADDING.slice(0, 1 + (i % PADDING.length));
  const frames = [eventFrame('messageStart', JSON.stringify({ p: pad(0), role: 'assistant' }))];
  const deltas = events - 4;
  for (let i = 0; i < deltas; i++) frames.push(eventFrame('contentBlockDelta', JSON.stringify({ contentBlockIndex: 0, delta: { text: BENCH_WORDS[i % BENCH_WORDS.length] }, p: pad(i) })));
  frames.push(eventFrame('contentBlockStop', JSON.stringify({ contentBlockIndex: 0, p: pad(1) })));
  frames.push(eventFrame('messageStop', JSON.stringify({ p: pad(2), stopReason: 'end_turn' })));
  frames.push(eventFrame('metadata', JSON.stringify({ metrics: { latencyMs: 5230 }, p: pad(3), usage: { inputTokens: 18, outputTokens: deltas, totalTokens: deltas + 18 } })));
  return frames;
}
