// A recording's stored events, as `Store.events` gives them: their ranges (event-runs.ts), their
// fields read again from the recording's reads (event-fields.ts), or kept apart for the few the
// reads cannot give back.

import { eventsFromRanges, storedReads } from './event-fields.ts';
import { unpackRuns } from './event-runs.ts';
import type { EventFieldsRow } from './event-runs.ts';
import type { Statements } from './statements.ts';
import type { StoredEvent } from './types.ts';

export function loadEvents(statements: Statements, id: number): StoredEvent[] {
  const ranges = unpackRuns(statements.selectEventRuns.all(id) as [number, Uint8Array][]);
  if (ranges.length === 0) return [];
  const kept = new Map<number, EventFieldsRow>();
  for (const row of statements.selectEventFields.all(id) as EventFieldsRow[]) kept.set(row[0], row);
  const reads = storedReads(statements.selectReads.all(id) as [number | null, Uint8Array][]);
  return eventsFromRanges(ranges, kept, reads);
}
