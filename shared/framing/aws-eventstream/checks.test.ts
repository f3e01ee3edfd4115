import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { byteByByte } from '../../test/streams.ts';
import { concat, converseStreamBody, exceptionFrame } from './frames.test-support.ts';
import { awsEventStream } from './index.ts';
import type { EventStreamMessage } from './types.ts';

/** Frames a body through the framing's interface, as the analysis does, and runs its checks on what the parser ended with. */
function check(reads: readonly Uint8Array[], ended = true) {
  const messages: EventStreamMessage[] = [];
  const parser = awsEventStream.parse({ onEvent: (message) => messages.push(message) });
  for (const read of reads) parser.feed(read);
  const { partial, stats } = ended ? parser.end() : { partial: null, stats: parser.stats };
  return awsEventStream.check({ events: messages.map((sse) => ({ sse })), partial, stats, ended });
}

const hint = (code: keyof typeof awsEventStream.catalogue) => awsEventStream.catalogue[code]!.hint;

describe("the AWS event-stream framing's checks", () => {
  it('find nothing in a clean ConverseStream answer, nor in an exception frame (a dialect matter)', () => {
    expect(check([...converseStreamBody(), exceptionFrame('throttlingException', { message: 'slow down' })])).toEqual([]);
  });

  it('report frames whose CRC does not hold, naming them and the first one\'s figures', () => {
    const frames = converseStreamBody();
    const bad1 = frames[1]!.slice();
    bad1[9]! ^= 1;
    const bad4 = frames[4]!.slice();
    bad4[bad4.length - 8]! ^= 1;
    const body = concat([frames[0]!, bad1, frames[2]!, frames[3]!, bad4, frames[5]!]);
    const stated = new DataView(bad1.buffer).getUint32(8);
    const findings = check(byteByByte(body));
    expect(findings).toEqual([
      {
        code: 'frame-crc-mismatch',
        severity: 'error',
        message: expect.stringMatching(new RegExp(`^2 frames do not match their CRC \\(#1, #4\\): the first, at offset ${frames[0]!.length}–${frames[0]!.length + bad1.length}, its prelude CRC says 0x${stated.toString(16).padStart(8, '0')}, its first 8 bytes give 0x[0-9a-f]{8}\\. Its contents are shown as read\\.$`)),
        hint: hint('frame-crc-mismatch'),
        events: [1, 4],
      },
    ]);
  });

  it('report a frame the body ends inside, once the body has ended, not while it is under way', () => {
    const frames = converseStreamBody();
    const body = concat([frames[0]!, frames[1]!.subarray(0, 30)]);
    expect(check([body], false)).toEqual([]);
    expect(check([body])).toEqual([
      {
        code: 'frame-truncated',
        severity: 'error',
        message: `The body ends inside a frame: 30 bytes at offset ${frames[0]!.length}–${body.length}, and it says it is ${frames[1]!.length} bytes long.`,
        hint: hint('frame-truncated'),
        events: [],
      },
    ]);
    expect(check([concat([frames[0]!, new Uint8Array([0, 0])])])[0]!.message).toBe(`The body ends inside a frame: 2 bytes at offset ${frames[0]!.length}–${frames[0]!.length + 2}, and its length never arrived.`);
  });

  it('report a length out of bounds, and how many bytes were left unframed, even while the stream is under way', () => {
    const html = new TextEncoder().encode('<html><body>Bad gateway</body></html>');
    expect(check([html], false)).toEqual([
      {
        code: 'frame-oversized',
        severity: 'error',
        message: `At offset 0 a frame says it is 1,013,478,509 bytes long, above the 16,908,304 bytes a frame may have: framing stopped there, and the ${html.length} bytes from it to the end are not framed.`,
        hint: hint('frame-oversized'),
        events: [],
      },
    ]);
    expect(check([new Uint8Array([0, 0, 0, 3, 9, 9])])[0]!.message).toBe('At offset 0 a frame says it is 3 bytes long, below the 16 bytes of a frame with nothing in it: framing stopped there, and the 6 bytes from it to the end are not framed.');
  });

  it('report frames with headers that cannot be read', () => {
    const bytes = exceptionFrame('throttlingException', {}).slice();
    bytes[12 + 1 + 15] = 10; // the first header's tag, after its 15-byte name ":exception-type"
    // The CRCs made to hold, so that only the headers are wrong.
    const view = new DataView(bytes.buffer);
    view.setUint32(8, zlibCrc32(bytes.subarray(0, 8)));
    view.setUint32(bytes.length - 4, zlibCrc32(bytes.subarray(0, bytes.length - 4)));
    expect(check([bytes])).toEqual([
      {
        code: 'frame-malformed-headers',
        severity: 'error',
        message: '1 frame with headers that cannot be read (#0): in the first, at offset 12, header ":exception-type" has type tag 10, which is no header type (0–9); the headers before it are kept.',
        hint: hint('frame-malformed-headers'),
        events: [0],
      },
    ]);
  });
});
