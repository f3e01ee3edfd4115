// The two parsers under test, driven the same way: every network read in order, then the end.
// Both count the events they dispatch and the UTF-16 length of their data, which must agree.

import { createParser } from 'eventsource-parser';
import { createSseParser } from '../shared/index.ts';

export interface ParseCount {
  events: number;
  dataChars: number;
}

/** Streamscope's parser: bytes in, with offsets and read indexes for every event. */
export function parseOurs(reads: readonly Uint8Array[]): ParseCount {
  const count: ParseCount = { events: 0, dataChars: 0 };
  const parser = createSseParser({
    onEvent(event) {
      count.events++;
      count.dataChars += event.data?.length ?? 0;
    },
  });
  for (const read of reads) parser.feed(read);
  parser.end();
  return count;
}

/** eventsource-parser: text in, so each read goes through one streaming TextDecoder first. */
export function parsePeer(reads: readonly Uint8Array[]): ParseCount {
  const count: ParseCount = { events: 0, dataChars: 0 };
  const parser = createParser({
    onEvent(event) {
      count.events++;
      count.dataChars += event.data.length;
    },
  });
  const decoder = new TextDecoder();
  for (const read of reads) parser.feed(decoder.decode(read, { stream: true }));
  const rest = decoder.decode();
  if (rest) parser.feed(rest);
  return count;
}
