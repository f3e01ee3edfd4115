// Pins the real Gemini and Bedrock streams in fixtures/gemini and fixtures/bedrock (SOURCES.md and
// index.json there) so the corpus cannot rot unnoticed: every Bedrock body decodes into whole
// AWS event-stream frames whose CRCs hold (checked with node:zlib's crc32, not with our own
// decoder, so that the corpus can later test that decoder), every Gemini SSE body is CRLF-framed
// `data:` events of GenerateContentResponse objects (and every non-SSE body one JSON array of them),
// and each file says where it came from.

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

interface IndexRow {
  file: string;
  repository: string;
  path: string;
  interaction: number | null;
  commit: string;
  lastChange: string;
  licence: string;
  bytes: 'exact' | 'payload-lines' | 'payload-lines-reserialised' | 'parsed-reserialised';
  urlPath: string | null;
  model: string | null;
  status: number;
  covers: string[];
}

const indexOf = (folder: string): IndexRow[] => JSON.parse(readFileSync(FIXTURES + folder + '/index.json', 'utf8')) as IndexRow[];
const filesOf = (folder: string, ending: string): string[] => readdirSync(FIXTURES + folder).filter((name) => name.endsWith(ending)).sort();
const read = (folder: string, name: string): Buffer => readFileSync(FIXTURES + folder + '/' + name);

interface Frame {
  offset: number;
  length: number;
  headers: Record<string, string>;
  payload: Buffer;
}

/** A strict reading of AWS event-stream framing: throws on the first frame that is not whole and sound. */
function frames(body: Buffer): Frame[] {
  const out: Frame[] = [];
  let offset = 0;
  while (offset < body.length) {
    if (body.length - offset < 16) throw new Error(`${body.length - offset} bytes at ${offset}: not a whole prelude and CRC`);
    const length = body.readUInt32BE(offset);
    const headersLength = body.readUInt32BE(offset + 4);
    if (crc32(body.subarray(offset, offset + 8)) !== body.readUInt32BE(offset + 8)) throw new Error(`prelude CRC mismatch at ${offset}`);
    if (offset + length > body.length) throw new Error(`frame at ${offset} says ${length} bytes, ${body.length - offset} left`);
    if (crc32(body.subarray(offset, offset + length - 4)) !== body.readUInt32BE(offset + length - 4)) throw new Error(`message CRC mismatch at ${offset}`);
    const headers: Record<string, string> = {};
    let at = offset + 12;
    const headersEnd = at + headersLength;
    while (at < headersEnd) {
      const nameLength = body.readUInt8(at);
      const name = body.toString('utf8', at + 1, at + 1 + nameLength);
      at += 1 + nameLength;
      const type = body.readUInt8(at);
      if (type !== 7) throw new Error(`header ${name} at ${offset} has type ${type}; Bedrock sends strings only`);
      const valueLength = body.readUInt16BE(at + 1);
      headers[name] = body.toString('utf8', at + 3, at + 3 + valueLength);
      at += 3 + valueLength;
    }
    if (at !== headersEnd) throw new Error(`headers at ${offset} overrun their length`);
    out.push({ offset, length, headers, payload: body.subarray(headersEnd, offset + length - 4) });
    offset += length;
  }
  return out;
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not a JSON object: ${JSON.stringify(value)?.slice(0, 80)}`);
  return value as Record<string, unknown>;
}

const jsonObject = (text: string): Record<string, unknown> => asObject(JSON.parse(text));

/** The event a frame carries: the header's name, or for an invoke `chunk` the wrapped event's own kind. */
function eventName(frame: Frame): string {
  const eventType = frame.headers[':event-type'] ?? '?';
  if (eventType !== 'chunk') return eventType;
  const inner = jsonObject(Buffer.from(String(jsonObject(frame.payload.toString('utf8')).bytes), 'base64').toString('utf8'));
  return `chunk:${typeof inner.type === 'string' ? inner.type : Object.keys(inner)[0]}`;
}

/** Frames, first event and last event of each Bedrock body. */
const BEDROCK_BODIES: Record<string, [number, string, string]> = {
  'converse-claude-sonnet4-reasoning-signature.bin': [25, 'messageStart', 'metadata'],
  'converse-claude35sonnet-text-then-tool-use.bin': [27, 'messageStart', 'metadata'],
  'converse-claude35sonnet-text.bin': [16, 'messageStart', 'metadata'],
  'converse-claude37-redacted-reasoning.bin': [18, 'messageStart', 'metadata'],
  'converse-gptoss120b-reasoning-without-signature.bin': [10, 'messageStart', 'metadata'],
  'converse-jamba15mini-max-tokens.bin': [105, 'messageStart', 'metadata'],
  'converse-nova2lite-server-tool-result-blocks.bin': [12, 'messageStart', 'metadata'],
  'converse-novamicro-text-then-tool-use.bin': [26, 'messageStart', 'metadata'],
  'invoke-claude35sonnet-parallel-tool-use.bin': [28, 'chunk:message_start', 'chunk:message_stop'],
  'invoke-claude35sonnet-text-max-tokens.bin': [26, 'chunk:message_start', 'chunk:message_stop'],
  'invoke-claude3sonnet-tool-use-metrics-disagree.bin': [27, 'chunk:message_start', 'chunk:message_stop'],
  'invoke-novamicro-converse-shaped-events.bin': [11, 'chunk:messageStart', 'chunk:metadata'],
  'invoke-titan-express-native-events.bin': [2, 'chunk:outputText', 'chunk:outputText'],
};

const CONVERSE_EVENTS = new Set(['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata']);

/** Events, the last event's finishReason, and how many parts carry a thoughtSignature, per Gemini body. */
const GEMINI_BODIES: Record<string, [number, string, number]> = {
  'gemini20flash-function-call-single-event.sse': [1, 'STOP', 0],
  'gemini20flash-text-after-tools-prompt-tokens-drop.sse': [2, 'STOP', 0],
  'gemini20flashexp-text-no-index-prompt-tokens-drop.sse': [3, 'STOP', 0],
  'gemini25flash-text-thoughts-counted.sse': [3, 'STOP', 0],
  'gemini25flash-url-context-grounding.sse': [2, 'STOP', 0],
  'gemini25pro-file-search-executable-code-grounding.sse': [4, 'STOP', 0],
  'gemini25pro-google-search-grounding.sse': [10, 'STOP', 0],
  'gemini25pro-thought-parts-signature-on-text.sse': [23, 'STOP', 1],
  'gemini3flash-code-execution-usage-drop.sse': [6, 'STOP', 2],
  'gemini3flash-file-search-tool-call-response-parts.sse': [8, 'STOP', 3],
  'gemini3flash-function-call-id-signature.sse': [2, 'STOP', 1],
  'gemini3pro-function-call-thought-signature.sse': [2, 'STOP', 1],
  'gemini3pro-text-after-tool-prompt-tokens-jump.sse': [3, 'STOP', 0],
  'vertex-gemini3flash-flex-tier-text-signature.sse': [1, 'STOP', 1],
};

/** The same, for the non-SSE streams (one JSON array over many reads). */
const GEMINI_ARRAYS: Record<string, [number, string, number]> = {
  'gemini25flash-json-array-thought-function-call.array-stream.json': [2, 'STOP', 1],
  'gemini36flash-json-array-thought-signature.array-stream.json': [3, 'STOP', 1],
  'gemini3flash-json-array-function-call-signature.array-stream.json': [2, 'STOP', 1],
};

const isGeminiObject = (value: Record<string, unknown>): boolean => 'candidates' in value || 'usageMetadata' in value || 'error' in value;

function signedParts(events: Record<string, unknown>[]): number {
  let count = 0;
  for (const event of events) {
    for (const candidate of (event.candidates as { content?: { parts?: Record<string, unknown>[] } }[] | undefined) ?? []) {
      count += (candidate.content?.parts ?? []).filter((part) => typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '').length;
    }
  }
  return count;
}

describe('the Bedrock corpus', () => {
  it.each(filesOf('bedrock', '.bin'))('%s decodes into whole frames whose prelude and message CRCs hold', (name) => {
    const body = read('bedrock', name);
    const decoded = frames(body);
    expect(decoded.reduce((sum, frame) => sum + frame.length, 0)).toBe(body.length);
    const expected = BEDROCK_BODIES[name];
    expect(expected, `${name} is pinned in BEDROCK_BODIES`).toBeDefined();
    expect([decoded.length, eventName(decoded[0]!), eventName(decoded.at(-1)!)]).toEqual(expected);
    for (const frame of decoded) {
      expect(frame.headers[':message-type']).toBe('event');
      expect(frame.headers[':content-type']).toBe('application/json');
      expect(Object.keys(jsonObject(frame.payload.toString('utf8'))).length).toBeGreaterThan(0);
    }
  });

  it.each(filesOf('bedrock', '.bin'))('%s fails the check once one payload byte is flipped', (name) => {
    const body = Buffer.from(read('bedrock', name));
    const first = frames(body)[0]!;
    body[first.offset + first.length - 5]! ^= 0x01;
    expect(() => frames(body)).toThrow(`message CRC mismatch at ${first.offset}`);
  });

  it.each(filesOf('bedrock', '.bin').filter((name) => name.startsWith('converse-')))('%s carries only ConverseStream events, messageStop before metadata', (name) => {
    const names = frames(read('bedrock', name)).map(eventName);
    expect(names.filter((event) => !CONVERSE_EVENTS.has(event))).toEqual([]);
    expect(names.slice(-2)).toEqual(['messageStop', 'metadata']);
  });

  it.each(filesOf('bedrock', '.bin').filter((name) => name.startsWith('invoke-')))('%s wraps base64 JSON in every chunk and ends with Bedrock invocation metrics', (name) => {
    const inner = frames(read('bedrock', name)).map((frame) => {
      expect(frame.headers[':event-type']).toBe('chunk');
      const payload = jsonObject(frame.payload.toString('utf8'));
      expect(typeof payload.bytes).toBe('string');
      return jsonObject(Buffer.from(payload.bytes as string, 'base64').toString('utf8'));
    });
    expect(inner.at(-1)).toHaveProperty(['amazon-bedrock-invocationMetrics', 'outputTokenCount']);
  });

  it.each(filesOf('bedrock', '.chunks.txt'))('%s holds one ConverseStream event a line, named by its only key', (name) => {
    const lines = read('bedrock', name).toString('utf8').split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const keys = Object.keys(jsonObject(line));
      expect(keys.length).toBe(1);
      expect(CONVERSE_EVENTS.has(keys[0]!)).toBe(true);
    }
  });
});

describe('the Gemini corpus', () => {
  it.each(filesOf('gemini', '.sse'))('%s is CRLF-framed data: events of GenerateContentResponse objects', (name) => {
    const text = read('gemini', name).toString('utf8');
    expect(text.endsWith('\r\n\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const events = text
      .slice(0, -4)
      .split('\r\n\r\n')
      .map((event) => {
        expect(event.startsWith('data: ')).toBe(true);
        return jsonObject(event.slice('data: '.length));
      });
    for (const event of events) expect(isGeminiObject(event)).toBe(true);
    const last = events.at(-1) as { candidates?: { finishReason?: string }[] };
    expect([events.length, last.candidates?.[0]?.finishReason, signedParts(events)]).toEqual(GEMINI_BODIES[name]);
  });

  it.each(filesOf('gemini', '.array-stream.json'))('%s is one JSON array of GenerateContentResponse objects (no alt=sse)', (name) => {
    const text = read('gemini', name).toString('utf8');
    expect(text.startsWith('[{')).toBe(true);
    const events: unknown = JSON.parse(text);
    expect(Array.isArray(events)).toBe(true);
    const objects = (events as unknown[]).map(asObject);
    for (const event of objects) expect(isGeminiObject(event)).toBe(true);
    const last = objects.at(-1) as { candidates?: { finishReason?: string }[] };
    expect([objects.length, last.candidates?.[0]?.finishReason, signedParts(objects)]).toEqual(GEMINI_ARRAYS[name]);
  });

  it.each(filesOf('gemini', '.chunks.txt'))('%s holds one GenerateContentResponse or error object a line', (name) => {
    const lines = read('gemini', name).toString('utf8').split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(isGeminiObject(jsonObject(line))).toBe(true);
  });

  it.each(filesOf('gemini', '.response.json'))('%s is a whole generateContent response with candidates or promptFeedback', (name) => {
    const response = jsonObject(read('gemini', name).toString('utf8'));
    expect('candidates' in response || 'promptFeedback' in response).toBe(true);
  });
});

describe.each(['gemini', 'bedrock'])('the %s sources', (folder) => {
  const rows = indexOf(folder);
  const onDisk = readdirSync(FIXTURES + folder).filter((name) => name !== 'index.json' && name !== 'SOURCES.md').sort();
  const sources = read(folder, 'SOURCES.md').toString('utf8');

  it('list every file on disk once, and nothing else', () => {
    expect(rows.map((row) => row.file).sort()).toEqual(onDisk);
  });

  it.each(rows.map((row) => [row.file, row] as const))('give %s a repository, commit, permissive licence and section in SOURCES.md', (file, row) => {
    expect(row.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(row.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(['MIT', 'Apache-2.0']).toContain(row.licence);
    expect(row.bytes === 'exact').toBe(file.endsWith('.bin') || file.endsWith('.sse') || file.endsWith('.array-stream.json'));
    expect(sources).toContain(`### ${file}`);
  });

  it.each(onDisk)('keep %s free of API keys, AWS key ids, signatures and bearer tokens', (name) => {
    const text = read(folder, name).toString('latin1');
    expect(text).not.toMatch(/AIza[0-9A-Za-z_-]{30}|\b(AKIA|ASIA)[0-9A-Z]{16}\b|Bearer [A-Za-z0-9._-]{10}|Signature=[0-9a-f]{16}|[?&]key=(?!REDACTED)[^&\s"]+|ya29\.[0-9A-Za-z_-]{10}/);
  });
});
