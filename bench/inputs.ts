// Benchmark inputs: deterministic SSE bodies and the network reads that deliver them.
// Every body is built once; the reads are subarrays of it, the same Uint8Arrays for both parsers.

// The simulator's seeded PRNG, so every run parses the same bytes.
import { createRng } from '../electron/backend/simulator/timing.ts';

const encoder = new TextEncoder();

// Mostly ASCII tokens, as in English model output, with a few multi-byte ones (accents, dashes,
// CJK, emoji) so that UTF-8 decoding, and reads that cut a character in two, are exercised.
const WORDS = [
  ' the', ' of', ' and', ' to', ' a', ' in', ' is', ' that', ' for', ' it', ' as', ' with', ' was', ' on', ' be',
  ' stream', ' token', ' model', ' server', ' event', ' parser', ' bytes', ' read', ' chunk', ' delta', ' JSON',
  'ing', 'ed', 's', ',', '.', '\n\n', ' (', ')', ':', ' "', '"', ' -', ' 42', ' 2025', '**', ' `code`', '\n-',
  ' café', ' naïve', ' —', ' 東京', ' 😀', ' über', ' résumé',
];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface Body {
  readonly bytes: Uint8Array;
  /** Byte offset just after each event's blank line. */
  readonly eventEnds: readonly number[];
  /** Events a conforming parser dispatches (every event here has a `data` line). */
  readonly events: number;
}

function assemble(texts: readonly string[]): Body {
  const encoded = texts.map((text) => encoder.encode(text));
  let size = 0;
  for (const part of encoded) size += part.length;
  const bytes = new Uint8Array(size);
  const eventEnds: number[] = [];
  let at = 0;
  for (const part of encoded) {
    bytes.set(part, at);
    at += part.length;
    eventEnds.push(at);
  }
  return { bytes, eventEnds, events: texts.length };
}

export interface OpenAiOptions {
  /** Total events, `data: [DONE]` included. */
  readonly events: number;
  /** Adds OpenAI's `obfuscation` field: 0–64 random alphanumerics per event. */
  readonly obfuscation?: boolean;
  /** Content characters per delta instead of one token (makes ~1 KB events with 850). */
  readonly contentChars?: number;
  readonly seed?: number;
}

/** An OpenAI chat-completions stream: a role chunk, content chunks, a finish chunk and `[DONE]`. */
export function openAiStream(options: OpenAiOptions): Body {
  const random = createRng(options.seed ?? 1);
  const id = 'chatcmpl-' + Array.from({ length: 29 }, () => ALNUM[Math.floor(random() * ALNUM.length)]).join('');
  const head = `{"id":"${id}","object":"chat.completion.chunk","created":1770933892,"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_de604bd877","choices":[{"index":0,"delta":`;
  const pick = (): string => WORDS[Math.floor(random() * WORDS.length)]!;
  const content = (): string => {
    if (!options.contentChars) return pick();
    let text = '';
    while (text.length < options.contentChars) text += pick();
    return text;
  };
  const tail = (finish: string): string => {
    let json = `},"logprobs":null,"finish_reason":${finish}}]`;
    if (options.obfuscation) {
      const length = Math.floor(random() * 65);
      let pad = '';
      for (let i = 0; i < length; i++) pad += ALNUM[Math.floor(random() * ALNUM.length)];
      json += `,"obfuscation":"${pad}"`;
    }
    return json + '}';
  };

  const texts: string[] = [];
  texts.push(`data: ${head}{"role":"assistant","content":""${tail('null')}\n\n`);
  for (let i = 0; i < options.events - 3; i++) {
    texts.push(`data: ${head}{"content":${JSON.stringify(content())}${tail('null')}\n\n`);
  }
  texts.push(`data: ${head}{${tail('"stop"')}\n\n`);
  texts.push('data: [DONE]\n\n');
  return assemble(texts);
}

/** One event whose single `data:` line is `size` bytes long in all (base64-like payload). */
export function hugeLine(size: number): Body {
  const prefix = 'data: ';
  const suffix = '\n\n';
  const bytes = new Uint8Array(size);
  bytes.set(encoder.encode(prefix), 0);
  const alphabet = encoder.encode(ALNUM + '+/');
  const random = createRng(7);
  const pattern = new Uint8Array(4096);
  for (let i = 0; i < pattern.length; i++) pattern[i] = alphabet[Math.floor(random() * alphabet.length)]!;
  for (let at = prefix.length; at < size - suffix.length; at += pattern.length) {
    bytes.set(pattern.subarray(0, Math.min(pattern.length, size - suffix.length - at)), at);
  }
  bytes.set(encoder.encode(suffix), size - suffix.length);
  return { bytes, eventEnds: [size], events: 1 };
}

/** `count` events `data: x\n\n`. */
export function tinyEvents(count: number): Body {
  const one = encoder.encode('data: x\n\n');
  const bytes = new Uint8Array(one.length * count);
  const eventEnds: number[] = [];
  for (let i = 0; i < count; i++) {
    bytes.set(one, i * one.length);
    eventEnds.push((i + 1) * one.length);
  }
  return { bytes, eventEnds, events: count };
}

/** One read per event, cut at the event boundaries. */
export function readsPerEvent(body: Body): Uint8Array[] {
  const reads: Uint8Array[] = [];
  let start = 0;
  for (const end of body.eventEnds) {
    reads.push(body.bytes.subarray(start, end));
    start = end;
  }
  return reads;
}

/** Reads of `size` bytes (the last one shorter), cut with no regard to lines or UTF-8 characters. */
export function readsOfSize(body: Body, size: number): Uint8Array[] {
  const reads: Uint8Array[] = [];
  for (let at = 0; at < body.bytes.length; at += size) reads.push(body.bytes.subarray(at, at + size));
  return reads;
}
