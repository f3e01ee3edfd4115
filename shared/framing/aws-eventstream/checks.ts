// The AWS event-stream framing's own findings: frames whose CRCs do not hold, headers that cannot be
// read, an invoke chunk whose envelope cannot be unwrapped, a frame the end of the body cut, a length
// that stopped the framing — what the parser saw
// of the body, whatever the dialect (the analysis's diagnose runs them on a body in this framing).

import { findingIn } from '../../findings/finding.ts';
import type { Finding } from '../../findings/finding.ts';
import { few, plural } from '../../findings/words.ts';
import { EVENT_STREAM_CODES } from './catalogue.ts';
import { crcHolds } from './parser.ts';
import type { FramingCheckContext } from '../types.ts';
import type { EventStreamPartialFrame, EventStreamStats } from './types.ts';

/**
 * What the checks read: what was left at the end and the parser's figures, which hold the frames
 * it flagged as read (the analysis keeps each message's fields, not its CRCs and headers).
 */
export type EventStreamCheckContext = FramingCheckContext<EventStreamPartialFrame, EventStreamStats>;

type EventStreamFinding = Finding<keyof typeof EVENT_STREAM_CODES>;

const finding = findingIn(EVENT_STREAM_CODES);
const hex = (crc: number): string => '0x' + crc.toString(16).padStart(8, '0');

export function checkEventStream(context: EventStreamCheckContext): EventStreamFinding[] {
  return [...crcMismatches(context), ...malformedHeaders(context), ...malformedChunks(context), ...truncated(context), ...oversized(context)];
}

function crcMismatches({ stats }: EventStreamCheckContext): EventStreamFinding[] {
  if (stats.crcMismatches === 0) return [];
  const bad = stats.flagged.filter((message) => !crcHolds(message));
  const first = bad[0]!;
  const which =
    first.preludeCrc !== first.computedPreludeCrc
      ? `its prelude CRC says ${hex(first.preludeCrc)}, its first 8 bytes give ${hex(first.computedPreludeCrc)}`
      : `its message CRC says ${hex(first.messageCrc)}, its bytes give ${hex(first.computedMessageCrc)}`;
  return [
    finding(
      'frame-crc-mismatch',
      `${plural(bad.length, 'frame')} ${bad.length === 1 ? 'does' : 'do'} not match ${bad.length === 1 ? 'its' : 'their'} CRC (${few(bad.map((message) => `#${message.index}`))}): the first, at offset ${first.start}–${first.end}, ${which}. Its contents are shown as read.`,
      bad.map((message) => message.index),
    ),
  ];
}

function malformedHeaders({ stats }: EventStreamCheckContext): EventStreamFinding[] {
  if (stats.malformedHeaders === 0) return [];
  const bad = stats.flagged.filter((message) => message.headerError !== null);
  const first = bad[0]!;
  return [
    finding(
      'frame-malformed-headers',
      `${plural(bad.length, 'frame')} with headers that cannot be read (${few(bad.map((message) => `#${message.index}`))}): in the first, at offset ${first.headerError!.offset}, ${first.headerError!.problem}; the headers before it are kept.`,
      bad.map((message) => message.index),
    ),
  ];
}

function malformedChunks({ stats }: EventStreamCheckContext): EventStreamFinding[] {
  if (stats.malformedChunks === 0) return [];
  const bad = stats.flagged.filter((message) => message.chunkError !== null);
  const first = bad[0]!;
  return [
    finding(
      'invoke-chunk-malformed',
      `${plural(bad.length, 'chunk')} whose event cannot be read (${few(bad.map((message) => `#${message.index}`))}): in the first, at offset ${first.start}–${first.end}, ${first.chunkError}. Its payload is shown as it came.`,
      bad.map((message) => message.index),
    ),
  ];
}

function truncated({ partial, ended }: EventStreamCheckContext): EventStreamFinding[] {
  if (!partial || !ended) return [];
  const got = partial.end - partial.start;
  const of = partial.totalLength === null ? 'its length never arrived' : `it says it is ${plural(partial.totalLength, 'byte')} long`;
  return [finding('frame-truncated', `The body ends inside a frame: ${plural(got, 'byte')} at offset ${partial.start}–${partial.end}, and ${of}.`)];
}

function oversized({ stats }: EventStreamCheckContext): EventStreamFinding[] {
  const stop = stats.unframeable;
  if (stop === null) return [];
  const bound = stop.totalLength < stop.min ? `below the ${stop.min} bytes of a frame with nothing in it` : `above the ${plural(stop.max, 'byte')} a frame may have`;
  return [
    finding(
      'frame-oversized',
      `At offset ${stop.start} a frame says it is ${plural(stop.totalLength, 'byte')} long, ${bound}: framing stopped there, and the ${plural(stats.bytes - stop.start, 'byte')} from it to the end are not framed.`,
    ),
  ];
}
