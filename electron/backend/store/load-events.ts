// A recording's stored events, as `Store.events` gives them: their ranges (event-runs.ts), their
// fields read again from the recording's reads (event-fields.ts) in the framing the analysis read
// its body in, or kept apart for the few the reads cannot give back.

import { framingOfRecording } from '../../../shared/analysis/fold.ts';
import type { FramingName } from '../../../shared/framing/types.ts';
import { eventsFromRanges, storedReads } from './event-fields.ts';
import { unpackRuns } from './event-runs.ts';
import type { EventFieldsRow } from './event-runs.ts';
import type { Statements } from './statements.ts';
import type { StoredEvent } from './types.ts';

/** The events of recording `id`; `readRows`: its reads' rows when the caller has them already (`Store.withEvents`), so they are read once. */
export function loadEvents(statements: Statements, id: number, readRows?: readonly (readonly [number | null, Uint8Array])[]): StoredEvent[] {
  const ranges = unpackRuns(statements.selectEventRuns.all(id) as [number, Uint8Array][]);
  if (ranges.length === 0) return [];
  const kept = new Map<number, EventFieldsRow>();
  for (const row of statements.selectEventFields.all(id) as EventFieldsRow[]) kept.set(row[0], row);
  const reads = storedReads(readRows ?? (statements.selectReads.all(id) as [number | null, Uint8Array][]));
  return eventsFromRanges(ranges, kept, reads, storedFraming(statements, id, reads.bytes[0]));
}

/** The framing the analysis chose for the body (fold.ts, framingOfRecording), from what the store keeps of the request, the response head and the first read. */
function storedFraming(statements: Statements, id: number, first: Uint8Array | undefined): FramingName {
  const [url, headers] = statements.selectFramingFacts.get(id) as [string | null, string | null];
  return framingOfRecording({
    request: url === null ? null : { url },
    response: headers === null ? null : { headers: JSON.parse(headers) as Record<string, string> },
    reads: first === undefined ? [] : [{ bytes: first }],
  });
}
