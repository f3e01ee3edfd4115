// The generic keeper reads an event-stream frame's data again from the kept reads rather than
// keeping the string (FramedMessage.dataStart): 100,000 kept Bedrock events held 346 bytes each
// with the strings and 210 without. What a view or an export reads must not change: every event's
// data and fields as the framing handed them on, whether a frame lay in one read or across several.

import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEventStream } from '../framing/aws-eventstream/parser.ts';
import type { Recording } from '../recording/types.ts';
import { byteByByte, splitAt } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';

const DIR = new URL('../test/fixtures/bedrock/', import.meta.url);
const CONVERSE = readdirSync(DIR).filter((name) => name.startsWith('converse-') && name.endsWith('.bin'));

function recording(reads: readonly Uint8Array[]): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse-stream', headers: {}, body: null },
    response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
    reads: reads.map((bytes, i) => ({ t: i, bytes })),
    end: { t: null, outcome: 'eof' },
  };
}

const fieldsOf = (message: { data: string | null; event: string | null; id: string | null; retry: number | null; comments: readonly string[]; unknownFields: readonly unknown[]; index: number; start: number; end: number; read: number }) => ({
  index: message.index,
  start: message.start,
  end: message.end,
  read: message.read,
  data: message.data,
  event: message.event,
  id: message.id,
  retry: message.retry,
  comments: message.comments,
  unknownFields: message.unknownFields,
});

describe('the generic keeper', () => {
  it('has real ConverseStream bodies to read', () => {
    expect(CONVERSE.length).toBeGreaterThanOrEqual(8);
  });

  const keptAsFramed = (reads: readonly Uint8Array[]) => {
    const framed = parseEventStream(reads).messages;
    const { events } = analyzeRecording(recording(reads));
    expect(events.map((event) => fieldsOf(event.sse))).toEqual(framed.map(fieldsOf));
  };

  for (const name of CONVERSE) {
    const body = new Uint8Array(readFileSync(new URL(name, DIR)));
    it(`keeps every event of ${name} with the data and fields the framing read, fed whole, byte by byte and split at random`, () => {
      keptAsFramed([body]);
      keptAsFramed(byteByByte(body));
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 12 }), (cuts) => keptAsFramed(splitAt(body, cuts))),
        { numRuns: 20 },
      );
    });
  }
});
