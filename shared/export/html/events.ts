// The events table: index, arrival time, gap, read, kind and the core's annotation of every
// event, each row opening onto the event's raw bytes. A large recording's table is capped:
// the first TABLE_HEAD and last TABLE_TAIL events, plus the events the diagnostics cite
// (up to EVIDENCE_PER_DIAGNOSTIC each, so every evidence link has a row to land on), with a
// row saying what was left out between them.

import type { Analysis } from '../../analysis/analyze.ts';
import type { AnalyzedEvent } from '../../analysis/stream.ts';
import { ssePartial } from '../../analysis/sse-body.ts';
import { html, shown } from './escape.ts';
import type { Html } from './escape.ts';
import { count, number } from './format.ts';
import { rawBytes } from './raw.ts';
import { REPORT_FRAMINGS } from './framing/registry.ts';
import type { ReportFraming } from './framing/types.ts';
import { KIND_LABELS } from '../../analysis/timeline-layout.ts';

/** A recording with up to TABLE_HEAD + TABLE_TAIL events gets every one of them in the table. */
export const TABLE_HEAD = 1000;
export const TABLE_TAIL = 1000;
export const EVIDENCE_PER_DIAGNOSTIC = 20;
/** An event's raw bytes are shown up to this many; the rest is counted. */
export const RAW_MAX_BYTES = 16 * 1024;

/** Which events have a row in the table. */
export interface TableRows {
  has(index: number): boolean;
  /** A row's id: `event-7`, `partial`; on a page of several recordings, each with a prefix of its own. */
  idOf(row: number | 'partial'): string;
  /** Events left out of the table. */
  readonly omitted: number;
}

export function tableRows(analysis: Analysis, prefix = ''): TableRows {
  const idOf = (row: number | 'partial'): string => `${prefix}${row === 'partial' ? 'partial' : `event-${row}`}`;
  const total = analysis.events.length;
  if (total <= TABLE_HEAD + TABLE_TAIL) return { has: (index) => index >= 0 && index < total, omitted: 0, idOf };
  const rows = new Uint8Array(total);
  rows.fill(1, 0, TABLE_HEAD);
  rows.fill(1, total - TABLE_TAIL);
  for (const diagnostic of analysis.diagnostics) {
    for (const index of diagnostic.events.slice(0, EVIDENCE_PER_DIAGNOSTIC)) if (index >= 0 && index < total) rows[index] = 1;
  }
  let kept = 0;
  for (const row of rows) kept += row;
  return { has: (index) => rows[index] === 1, omitted: total - kept, idOf };
}

function eventRow(event: AnalyzedEvent, previous: AnalyzedEvent | undefined, body: Uint8Array, rows: TableRows, framing: ReportFraming): Html {
  const { sse, t } = event;
  const kind = event.interpretation.kind;
  const gap = t !== null && previous?.t != null ? number(t - previous.t, 1) : '';
  const bytes = body.subarray(sse.start, sse.end);
  return html`<tr id="${rows.idOf(sse.index)}"><td class="num">${sse.index}</td><td class="num">${t === null ? '—' : number(t, 1)}</td><td class="num">${gap}</td><td class="num">${sse.read}</td><td><span class="kind k-${kind}">${KIND_LABELS[kind]}</span></td><td class="ann"><details><summary>${shown(event.annotation)}</summary>${framing.eventBytes(bytes, sse.start, RAW_MAX_BYTES)}<p class="where">bytes ${number(sse.start)}–${number(sse.end)} of the body (${count(bytes.length, 'byte')})</p></details></td></tr>`;
}

function omittedRow(from: number, to: number): Html {
  const total = to - from + 1;
  return html`<tr class="omitted"><td colspan="6">${count(total, 'event')} not shown here (#${from}–#${to}): the table keeps the first ${number(TABLE_HEAD)}, the last ${number(TABLE_TAIL)} and the events diagnostics cite. The timeline above shows them all.</td></tr>`;
}

/** The events table, with the partial event at the end when the body left one unterminated. */
export function eventsTable(analysis: Analysis, body: Uint8Array, rows: TableRows): Html {
  const { events, partial } = analysis;
  const parts: Html[] = [];
  const framing = REPORT_FRAMINGS[analysis.framing];
  let skippedFrom = -1;
  for (let index = 0; index < events.length; index++) {
    if (!rows.has(index)) {
      if (skippedFrom < 0) skippedFrom = index;
      continue;
    }
    if (skippedFrom >= 0) parts.push(omittedRow(skippedFrom, index - 1));
    skippedFrom = -1;
    parts.push(eventRow(events[index]!, events[index - 1], body, rows, framing));
  }
  if (skippedFrom >= 0) parts.push(omittedRow(skippedFrom, events.length - 1));
  if (partial) {
    const bytes = body.subarray(partial.start, partial.end);
    const sse = ssePartial(analysis);
    const what =
      sse === null
        ? `partial frame: ${count(bytes.length, 'byte')} the body ended inside`
        : `partial event: ${count(bytes.length, 'byte')} never terminated by a blank line${sse.unterminatedLine ? ' (the last line has no line ending either)' : ''}`;
    parts.push(
      html`<tr id="${rows.idOf('partial')}"><td class="num">…</td><td class="num">end</td><td></td><td></td><td><span class="kind k-error">partial</span></td><td class="ann"><details><summary>${what}</summary><pre class="raw">\n${rawBytes(bytes, RAW_MAX_BYTES)}</pre></details></td></tr>`,
    );
  }
  const cap = rows.omitted > 0 ? html`<p class="note">This recording has ${count(events.length, 'event')}: ${count(rows.omitted, 'event is', 'events are')} left out of the table (see the notes in it).</p>` : null;
  if (events.length === 0 && !partial) return html`<p class="note">The body holds no event.</p>`;
  return html`${cap}<table class="events"><thead><tr><th>#</th><th>time ms</th><th>gap ms</th><th>read</th><th>kind</th><th>annotation (open a row for its raw bytes)</th></tr></thead><tbody>${parts}</tbody></table>`;
}
