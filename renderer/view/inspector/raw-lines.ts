// An event's raw bytes for the inspector: read back from the reads that carried them, cut to a
// preview when large, in lines with the body offset each starts at (visible-bytes.ts decides
// how bytes are shown, for the HTML report too).

import { bodyBytes, readsHolding } from '../../../shared/analysis/body-bytes.ts';
import { visibleBytes } from '../../../shared/recording/visible-bytes.ts';
import type { VisibleSegment } from '../../../shared/recording/visible-bytes.ts';
import type { ReadInfo } from '../../../shared/analysis/stream.ts';
import type { SseEvent } from '../../../shared/framing/sse/parser.ts';

/** An event's bytes are shown up to this many until asked for all (a 10 MB line would stall the page). */
export const RAW_PREVIEW_BYTES = 16 * 1024;

export interface RawLine {
  /** Body offset of the line's first byte. */
  readonly offset: number;
  /** Its segments, the line ending last (when it has one); offsets relative to the event's start. */
  readonly segments: readonly VisibleSegment[];
}

export interface RawView {
  /** The event's byte range in the body. */
  readonly start: number;
  readonly end: number;
  readonly lines: readonly RawLine[];
  /** Bytes the lines cover (from `start`); less than end - start when cut. */
  readonly shown: number;
  /** The reads holding the event's bytes, first to last; -1 when none does. */
  readonly firstRead: number;
  readonly lastRead: number;
}

/** The segments in lines: each line ends after its line ending. */
export function linesOf(segments: readonly VisibleSegment[], base: number): RawLine[] {
  const lines: RawLine[] = [];
  let current: VisibleSegment[] = [];
  let offset = base;
  for (const segment of segments) {
    if (current.length === 0) offset = base + segment.start;
    current.push(segment);
    if (segment.type === 'line-end') {
      lines.push({ offset, segments: current });
      current = [];
    }
  }
  if (current.length > 0) lines.push({ offset, segments: current });
  return lines;
}

/**
 * An event's raw bytes, up to `max` of them. `reads` are the analysis's, `kept` the recording's
 * (their bytes): both stay the same arrays while a live recording grows, so a view can keep this.
 */
export function rawView(reads: readonly ReadInfo[], kept: readonly { readonly bytes: Uint8Array }[], { start, end }: Pick<SseEvent, 'start' | 'end'>, max = RAW_PREVIEW_BYTES): RawView {
  const { first, last } = readsHolding(reads, start, end);
  // A few bytes past the cut, so that it can back off to the start of a character there.
  const { bytes } = bodyBytes(reads, kept, start, Math.min(end, start + max + 3));
  const visible = visibleBytes(bytes, max);
  return { start, end, lines: linesOf(visible.segments, start), shown: visible.shown, firstRead: first, lastRead: last };
}
