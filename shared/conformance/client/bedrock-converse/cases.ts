// Bedrock ConverseStream's client cases (issue 30, "The cases", in Bedrock's terms; issue 32). The
// valid streams are real captures (corpus.ts): Claude 3.5 Sonnet's text answer and its text then
// toolUse answer, every frame written again byte for byte; the broken ones are cut from them, or
// carry what Bedrock sends when it fails: an exception frame inside the 200 (which clients swallow:
// vercel/ai #19034, aaif-goose/goose #9579), a frame changed on the way (its CRC no longer holds),
// and HTTP errors named by x-amzn-ErrorType. Only messageStop says the answer ended.

import { converseFrame } from '../../../dialects/bedrock-converse/frame.ts';
import { exceptionFrame } from '../../../framing/aws-eventstream/encode.ts';
import { concatBytes } from '../../../formats/bytes.ts';
import { DEFAULT_GAP_MS, DEFAULT_SLOW_FIRST_TOKEN_MS } from '../types.ts';
import type { CaseOptions, ClientCase } from '../types.ts';
import { assembledBy } from '../expected.ts';
import { caseRecording, eachInItsOwnWrite } from '../wire.ts';
import type { CaseWrite, StreamShape } from '../wire.ts';
import { bedrockOutput } from './assembled.ts';
import { BEDROCK_TEXT, BEDROCK_TOOL_USE } from './corpus.ts';
import type { ConverseFrame } from './corpus.ts';

const TEXT = 'bedrock/converse-claude35sonnet-text.bin (anthropic.claude-3-5-sonnet-20240620-v1:0, an Arize-ai/openinference recording)';
const TOOL_USE = 'bedrock/converse-claude35sonnet-text-then-tool-use.bin (the same model, an Arize-ai/openinference recording)';
const EXCEPTIONS = "ConverseStreamOutput's exception members (docs.aws.amazon.com, Bedrock API Reference, ConverseStream: throttlingException, modelStreamErrorException); vercel/ai #19034, aaif-goose/goose #9579";
const ERRORS = 'Bedrock\'s error answers: the x-amzn-ErrorType header and a {"message"} body (docs.aws.amazon.com, Bedrock API Reference, "Common Errors": ThrottlingException 429, ServiceUnavailableException 503)';
const EVENT_STREAM = { 'content-type': 'application/vnd.amazon.eventstream' } as const;

type Shape = Omit<StreamShape, 'protocol'>;

function make(expect: ClientCase['expect'], id: string, serves: string, why: string, source: string, shape: Shape): ClientCase {
  const recording = caseRecording({ protocol: 'bedrock-converse', headers: EVENT_STREAM, ...shape });
  return { id, protocol: 'bedrock-converse', expect, serves, why, source, recording, expected: expect === 'survive' ? assembledBy(recording, bedrockOutput) : null };
}

/** Each frame as Bedrock writes it: an event frame, or an exception frame for an exception type. */
export const framesOf = (frames: readonly ConverseFrame[]): Uint8Array[] => frames.map(([type, payload]) => converseFrame(type, payload));

/** Every frame cut once inside itself, at a point that moves from frame to frame: inside the prelude, the headers or the payload. */
function splitAcrossReads(frames: readonly Uint8Array[], gapMs: number): CaseWrite[] {
  const writes: CaseWrite[] = [];
  frames.forEach((bytes, i) => {
    const cut = 1 + ((i * 37) % (bytes.length - 2));
    writes.push({ at: writes.length * gapMs, bytes: bytes.subarray(0, cut) }, { at: (writes.length + 1) * gapMs, bytes: bytes.subarray(cut) });
  });
  return writes;
}

/** The frame with one payload byte changed and its CRCs left as they were, as a faulty proxy or memory would leave it. */
function changedOnTheWay(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  // The payload's second-to-last byte: inside the padding's string, so the JSON still parses.
  const at = copy.length - 4 - 3;
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

const httpError = (code: number, type: string, message: string): Shape => ({
  status: code,
  headers: { 'content-type': 'application/json', 'x-amzn-ErrorType': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
  writes: [{ at: 0, bytes: new TextEncoder().encode(JSON.stringify({ message })) }],
});

export function bedrockConverseCases(options: CaseOptions = {}): readonly ClientCase[] {
  const gap = options.gapMs ?? DEFAULT_GAP_MS;
  const slow = options.slowFirstTokenMs ?? DEFAULT_SLOW_FIRST_TOKEN_MS;
  const text = framesOf(BEDROCK_TEXT);
  const own = (frames: readonly Uint8Array[], firstAt = 0): Shape => ({ writes: eachInItsOwnWrite(frames, gap, firstAt) });
  const opening = text.slice(0, 4);
  const beforeStop = text.slice(0, -2);
  return [
    make('survive', 'clean', 'A real text answer: messageStart, twelve text deltas, contentBlockStop, messageStop (end_turn), metadata, each frame in its own write.', "Bedrock's plain answer: the baseline.", TEXT, own(text)),
    make('survive', 'split-reads', "clean's frames, every one cut across two reads (inside its prelude, its headers or its payload).", 'TCP and proxies deliver bytes, not frames: a reader that takes each read for whole frames breaks.', `${TEXT}; cut points ours`, { writes: splitAcrossReads(text, gap) }),
    make('survive', 'one-read', "clean's whole body in one write.", 'A buffering proxy or a fast server hands every frame in one read.', TEXT, { writes: [{ at: 0, bytes: concatBytes(text) }] }),
    make('survive', 'tool-use', 'A text block, then a toolUse block (get_weather) whose input comes in twelve fragments, the first empty; stopReason tool_use.', "A tool's input arrives as pieces of JSON text: a client must join them per block and parse them at contentBlockStop.", TOOL_USE, own(framesOf(BEDROCK_TOOL_USE))),
    make('survive', 'slow-first-token', `clean, the first frame after ${slow / 1000} s of silence (the response line at once).`, 'Reasoning models send nothing for seconds before their first frame: a short read timeout gives up on a good answer.', TEXT, own(text, slow)),
    make('detect', 'exception-frame', "clean's first four frames, then a throttlingException frame inside the 200, and the body ends.", 'Bedrock reports a failure after the 200 has gone as an exception frame; a client that reads only event frames hands on half an answer as complete (vercel/ai #19034).', `${TEXT}; ${EXCEPTIONS}`, own([...opening, exceptionFrame('throttlingException', JSON.stringify({ message: 'Too many tokens, please wait before trying again.' }))])),
    make('detect', 'model-stream-error', "clean's first four frames, then a modelStreamErrorException frame (the model's own error, status 500) inside the 200.", "The model failed mid-answer: Bedrock says so in a frame, with the model's own status.", `${TEXT}; ${EXCEPTIONS}`, own([...opening, exceptionFrame('modelStreamErrorException', JSON.stringify({ message: 'The model encountered an error while streaming. Try your request again.', originalStatusCode: 500 }))])),
    make('detect', 'cut-before-message-stop', "clean without its messageStop and metadata: the body ends cleanly after contentBlockStop.", 'Only messageStop says the answer ended: without it, a proxy or a dropped upstream cut the answer.', `${TEXT}, cut before messageStop`, own(beforeStop)),
    make('detect', 'crc-mismatch', "clean with one byte of its fifth frame's payload changed on the way, its CRCs as they were.", "Each frame carries a CRC-32 of its bytes: a client that does not check it takes damaged bytes for the model's.", `${TEXT}, one byte changed`, own([...text.slice(0, 4), changedOnTheWay(text[4]!), ...text.slice(5)])),
    make('detect', 'connection-reset', "clean's first frame and half of the second, then the socket is destroyed.", 'A server or proxy that dies mid-frame.', `${TEXT}, cut inside frame 1`, { writes: [{ at: 0, bytes: text[0]! }, { at: gap, bytes: text[1]!.subarray(0, text[1]!.length >> 1) }], ending: 'error' }),
    make('detect', 'http-429', 'HTTP 429 ThrottlingException, Bedrock\'s error body, for every request.', 'Rate and token quotas: a client may retry but must end with an error.', ERRORS, httpError(429, 'ThrottlingException', 'Too many requests, please wait before trying again.')),
    make('detect', 'http-503', 'HTTP 503 ServiceUnavailableException, for every request.', "Bedrock's answer when a model's capacity is exhausted.", ERRORS, httpError(503, 'ServiceUnavailableException', 'Bedrock is unable to process your request.')),
  ];
}
