// Whether the parser should cut long ranges apart around the lines with characters other than
// ASCII (parser.ts, `decodeApart`), or decode them whole. Cutting pays only where the decoder's
// fast path takes such characters several times slower than ASCII (Node 20 and 22, not Node 24's
// simdutf; browsers differ again): the figures are in docs/performance.md, "Node 24". The text is
// the same either way, so this is a matter of speed only, and it is measured once on the decoder
// itself, not guessed from a version.

/** Above this, decoding other characters costs enough that cutting them apart pays (Node 22: ~7.5, Node 24: ~1.3). */
const SLOW_RATIO = 2.5;
/** Rounds of both samples, interleaved; the fastest round of each counts, so a pause does not decide. */
const ROUNDS = 5;
/** Decodes of a sample in one timing: long enough for a browser's coarsened clock (~0.1 ms). */
const PASSES = 8;

let samples: { readonly mixed: Uint8Array; readonly ascii: Uint8Array } | null = null;

/** ~32 KiB of chat-completion chunks with a character other than ASCII every eighth event, and the same bytes all ASCII. */
function chatSamples(): { mixed: Uint8Array; ascii: Uint8Array } {
  const tokens = [' the', ' stream', ' of', ' tokens', ' arrives', ' one', ' by', ' café'];
  let text = '';
  for (let i = 0; text.length < 32 * 1024; i++) {
    text += `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1770000000,"model":"m","choices":[{"index":0,"delta":{"content":"${tokens[i % 8]}"},"finish_reason":null}]}\n\n`;
  }
  const encoder = new TextEncoder();
  return { mixed: encoder.encode(text), ascii: encoder.encode(text.replaceAll('é', 'e!')) };
}

/** Whether `decode` takes SLOW_RATIO times longer on a chat stream with a few characters other than ASCII than on the same stream in ASCII. */
export function decodesOtherCharactersSlowly(decode: (bytes: Uint8Array) => unknown): boolean {
  const { mixed, ascii } = (samples ??= chatSamples());
  const best = { mixed: Infinity, ascii: Infinity };
  for (let round = 0; round < ROUNDS; round++) {
    for (const which of round % 2 === 0 ? (['mixed', 'ascii'] as const) : (['ascii', 'mixed'] as const)) {
      const bytes = which === 'mixed' ? mixed : ascii;
      const started = performance.now();
      for (let pass = 0; pass < PASSES; pass++) decode(bytes);
      best[which] = Math.min(best[which], performance.now() - started);
    }
  }
  return best.mixed > SLOW_RATIO * best.ascii;
}
