// An event's bytes as they came over the wire: line endings visible and told apart (\r, \n,
// \r\n), bytes that are not UTF-8 as \xNN, invisible characters as their escape, each line with
// its offset in the body; the reads they came in. A large event shows a preview until asked.

import { useMemo, useState } from 'react';
import type { ReadInfo } from '../../../shared/analysis/stream.ts';
import type { VisibleSegment } from '../../../shared/recording/visible-bytes.ts';
import type { SseEvent } from '../../../shared/framing/sse/parser.ts';
import { formatBytes, formatCount, formatMs } from '../../components/format.ts';
import { RAW_PREVIEW_BYTES, rawView } from './raw-lines.ts';

/** Reads listed one by one up to this many (a byte-by-byte recording has one a byte). */
const READS_LISTED = 12;

interface RawBytesProps {
  readonly reads: readonly ReadInfo[];
  readonly kept: readonly { readonly bytes: Uint8Array }[];
  readonly sse: SseEvent;
}

function Segment({ segment }: { readonly segment: VisibleSegment }) {
  switch (segment.type) {
    case 'text':
      return segment.text;
    case 'invisible':
      return (
        <span className="raw-esc" title={`An invisible character, U+${segment.text.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`}>
          {segment.escape}
        </span>
      );
    case 'line-end':
      return (
        <span className="raw-le" title={segment.ending === '\r\n' ? 'CRLF line ending' : segment.ending === '\r' ? 'CR line ending' : 'LF line ending'}>
          {segment.escape}
        </span>
      );
    case 'bad':
      return (
        <span className="raw-bad" title="A byte that is not valid UTF-8">
          {segment.escape}
        </span>
      );
  }
}

export function RawBytes({ reads, kept, sse }: RawBytesProps) {
  // "Show all" holds for the event it was asked for: the next event drawn here starts cut again.
  const [allOf, setAllOf] = useState<SseEvent | null>(null);
  const all = allOf === sse;
  const setAll = (): void => setAllOf(sse);
  const view = useMemo(() => rawView(reads, kept, sse, all ? Infinity : RAW_PREVIEW_BYTES), [reads, kept, sse, all]);
  const total = view.end - view.start;
  const readCount = view.firstRead < 0 ? 0 : view.lastRead - view.firstRead + 1;
  return (
    <div className="raw">
      <p className="raw-range">
        Bytes {formatCount(view.start)}–{formatCount(view.end)} of the body ({formatCount(total)} {total === 1 ? 'byte' : 'bytes'}), completed by read #{sse.read}.
      </p>
      <div className="raw-lines" data-testid="raw-bytes" role="group" aria-label="Raw bytes, line endings shown as \r and \n">
        {/* Keyed by place, not offset: the next event's lines are drawn in these elements (a replay
            on screen changes event every frame). */}
        {view.lines.map((line, place) => (
          <div className="raw-line" key={place}>
            <span className="raw-offset" title="Byte offset in the body">
              {formatCount(line.offset)}
            </span>
            <code className="raw-text">
              {line.segments.map((segment, at) => (
                <Segment key={at} segment={segment} />
              ))}
            </code>
          </div>
        ))}
      </div>
      {view.shown < total && (
        <p className="raw-cut">
          Showing the first {formatBytes(view.shown)} of {formatBytes(total)}.{' '}
          <button type="button" onClick={setAll}>
            Show all {formatBytes(total)}
          </button>
        </p>
      )}
      <h4>{readCount === 1 ? 'The read it came in' : `The ${formatCount(readCount)} reads it came in`}</h4>
      <ol className="raw-reads">
        {Array.from({ length: Math.min(readCount, READS_LISTED) }, (_, i) => {
          const index = view.firstRead + i;
          const read = reads[index]!;
          return (
            <li key={i}>
              read #{index}
              {read.t === null ? '' : ` at ${formatMs(read.t)}`}: bytes {formatCount(read.offset)}–{formatCount(read.offset + read.length)} ({formatBytes(read.length)})
            </li>
          );
        })}
        {readCount > READS_LISTED && <li>… and {formatCount(readCount - READS_LISTED)} more, to read #{view.lastRead}</li>}
      </ol>
    </div>
  );
}
