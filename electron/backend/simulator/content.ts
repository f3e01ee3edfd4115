// What the simulated model says: canned answers cut into token-sized pieces
// the way a tokenizer cuts them, generated prose of any length, and tool-call
// arguments in fragments.

import type { Rng } from './timing.ts';
import { pick, randomInt } from './timing.ts';

/** One answer per choice (cycled when n is larger). */
export const ANSWERS: readonly string[] = [
  'Streaming sends each token as soon as the model makes it, so the first words show up after a fraction of a second instead of after the whole reply.\n\nThe catch: a client must read the stream to its end, watch for the finish reason, and not trip over the usage chunk.',
  'A stream of server-sent events is plain text: each event is a data line followed by a blank line, and the literal [DONE] says the answer is complete.',
  'Think of it as a conveyor belt: small parcels of text arrive one after another, and the last parcel carries a note that says why the belt stopped.',
];

export const REASONING =
  'The user asks how streaming works. I should explain the event format first, then why the finish reason matters, and keep it short.';

export const REFUSAL = "I'm sorry, but I can't help with that request.";

const VOCABULARY = (
  'the a stream of events each token arrives over time while client reads bytes from network and server writes data when model makes ' +
  'answer text chunk delta finish reason usage proxy buffer latency first second slow fast long short every line blank parser JSON ' +
  'payload request response header status connection socket timer record replay fixture test wait flush write read'
).split(' ');

/**
 * Cuts text into pieces the size of tokens: a word with its leading space,
 * punctuation on its own, runs of newlines; long words in two.
 */
export function tokenize(text: string): string[] {
  const pieces = text.match(/\n+|[ ]?[A-Za-z']+|[ ]?\d|[ ]?[^\sA-Za-z\d]+|[ ]+/g) ?? [];
  return pieces.flatMap((piece) => {
    const word = piece.trimStart();
    if (word.length <= 8 || !/^[A-Za-z]+$/.test(word)) return [piece];
    const cut = piece.length - Math.ceil(word.length / 2);
    return [piece.slice(0, cut), piece.slice(cut)];
  });
}

/** `count` tokens of plausible prose: sentences of words, each ending with a period. */
export function prose(rng: Rng, count: number): string[] {
  const tokens: string[] = [];
  let sentence = 0;
  let target = randomInt(rng, 6, 16);
  while (tokens.length < count) {
    if (sentence === target) {
      tokens.push('.');
      sentence = 0;
      target = randomInt(rng, 6, 16);
      if (tokens.length < count && rng() < 0.15) tokens.push('\n\n');
      continue;
    }
    const word = pick(rng, VOCABULARY);
    const atStart = sentence === 0;
    const text = atStart ? word[0]!.toUpperCase() + word.slice(1) : word;
    tokens.push(atStart && (tokens.length === 0 || tokens.at(-1) === '\n\n') ? text : ' ' + text);
    sentence++;
  }
  return tokens;
}

export interface ToolCallScript {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export const TOOL_CALLS: readonly ToolCallScript[] = [
  { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
  { name: 'get_weather', arguments: { city: 'Tokyo', unit: 'celsius' } },
  { name: 'get_local_time', arguments: { timezone: 'America/New_York' } },
];

/** Any text in pieces of 1 to 6 characters (how tool arguments stream). */
export function textPieces(rng: Rng, json: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < json.length; ) {
    const size = randomInt(rng, 1, 6);
    pieces.push(json.slice(at, at + size));
    at += size;
  }
  return pieces;
}
