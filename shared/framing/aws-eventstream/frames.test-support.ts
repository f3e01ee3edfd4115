// Frames for the event-stream tests, encoded by the AWS SDK's own encoder (@smithy/eventstream-codec's
// EventStreamCodec), and what the parser must make of them, worked out from the encoder's input
// alone. UTF-8 both ways with TextEncoder / TextDecoder, as @smithy/util-utf8 does in a browser.

import { EventStreamCodec, Int64 } from '@smithy/eventstream-codec';

type Message = Parameters<EventStreamCodec['encode']>[0];
type MessageHeaders = Message['headers'];

export const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

export const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

/** One frame as the AWS SDK writes it. */
export function frame(headers: MessageHeaders, body: Uint8Array): Uint8Array {
  return codec.encode({ headers, body } satisfies Message);
}

const string = (value: string) => ({ type: 'string', value }) as const;

/** An event frame as Bedrock sends them: `:event-type`, `:content-type`, `:message-type`, a JSON payload. */
export function eventFrame(type: string, payload: unknown): Uint8Array {
  return frame({ ':event-type': string(type), ':content-type': string('application/json'), ':message-type': string('event') }, json(payload));
}

/** An exception frame: `:exception-type`, not `:event-type`. */
export function exceptionFrame(type: string, payload: unknown): Uint8Array {
  return frame({ ':exception-type': string(type), ':content-type': string('application/json'), ':message-type': string('exception') }, json(payload));
}

/** An error frame: `:error-code` and `:error-message`, no payload. */
export function errorFrame(code: string, message: string): Uint8Array {
  return frame({ ':error-code': string(code), ':error-message': string(message), ':message-type': string('error') }, new Uint8Array(0));
}

/** A ConverseStream answer as Bedrock streams it, each payload with its random `p` padding. */
export function converseStreamEvents(): [string, Record<string, unknown>][] {
  return [
    ['messageStart', { p: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL', role: 'assistant' }],
    ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Bonjour, ' }, p: 'abcdefghijklmnopqrst' }],
    ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'ça va ? 🦀' }, p: 'abcdefghij' }],
    ['contentBlockStop', { contentBlockIndex: 0, p: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR' }],
    ['messageStop', { p: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU', stopReason: 'end_turn' }],
    ['metadata', { metrics: { latencyMs: 523 }, p: 'abcdefghijklmnopqrstuvwxyzABCDEFGHI', usage: { inputTokens: 12, outputTokens: 9, totalTokens: 21 } }],
  ];
}

export function converseStreamBody(): Uint8Array[] {
  return converseStreamEvents().map(([type, payload]) => eventFrame(type, payload));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Every header type, each as the encoder takes it. */
export const everyHeaderType: MessageHeaders = {
  yes: { type: 'boolean', value: true },
  no: { type: 'boolean', value: false },
  byte: { type: 'byte', value: -7 },
  short: { type: 'short', value: -1234 },
  integer: { type: 'integer', value: 2_000_000_000 },
  long: { type: 'long', value: Int64.fromNumber(-9_007_199_254_740_991) },
  binary: { type: 'binary', value: new Uint8Array([0, 1, 254, 255]) },
  string: { type: 'string', value: 'héllo' },
  timestamp: { type: 'timestamp', value: new Date('2026-12-07T14:30:00.123Z') },
  uuid: { type: 'uuid', value: '0123abcd-4567-89ef-0123-456789abcdef' },
};
