// The timeline's index of one analysis: every event's position on the axis, one sorted lane of
// positions per kind of event (tool fragments one lane per tool call, as its dialect's view tracks
// it: a Chat Completions index, a function_call item, a tool_use block), the reads as a lane,
// for a captured recording the writes to the client as a lane (each at the moment the client's
// socket took it), the silences and bursts to shade, the markers and the domain. Built once per
// analysis; when a live analysis comes back with more events, the index of the prefix is reused
// and only the new events and reads are looked at.

import type { Analysis } from '../../../shared/analysis/analyze.ts';
import type { AnalyzedEvent, ReadInfo } from '../../../shared/analysis/stream.ts';
import type { RelayTiming } from '../../../shared/capture/types.ts';
import { KIND_LABELS, markersOf } from '../../../shared/analysis/timeline-layout.ts';
import type { ViewKind } from '../../../shared/dialects/kit/view.ts';
import { dialectView } from '../dialects/registry.ts';
import type { ToolTrack } from '../dialects/types.ts';
import { withRoomF64, withRoomI32 } from './buffers.ts';
import type { Domain } from './scale.ts';
import { NO_BURSTS, NO_GAPS, extendBursts, extendGaps } from './spans.ts';
import type { BurstState, GapState, SpanList } from './spans.ts';

/** How many colours tool-call lanes cycle through (`--tl-tool-0` … in timeline.css). */
export const TOOL_COLOURS = 6;
/** Untimed, zooming stops at this many events across; timed, at this many milliseconds. */
const MIN_EVENTS_ACROSS = 4;
const MIN_MS_ACROSS = 0.05;

const KINDS = Object.keys(KIND_LABELS) as ViewKind[];

export interface Lane {
  readonly key: string;
  readonly label: string;
  /** The CSS custom property its marks are painted with. */
  readonly colour: string;
  /** Sort key: lanes are shown in this order. */
  readonly order: readonly number[];
  /** What its items are: events, the network reads, or the writes to the client (a captured recording's relay). */
  readonly holds: 'events' | 'reads' | 'writes';
  /** Sorted positions on the axis; the first `count` are in use. */
  readonly positions: Float64Array;
  /** The event (or read) index at each position. */
  readonly items: Int32Array;
  readonly count: number;
}

export interface PlacedMarker {
  readonly label: string;
  /** Position on the axis. */
  readonly at: number;
  /** As the recording has it: ms when timed, an event index when not. */
  readonly value: number;
}

export interface TimelineIndex {
  /** Times from the request's start; false: an untimed recording, laid out in event order. */
  readonly timed: boolean;
  readonly eventCount: number;
  readonly readCount: number;
  /** Writes to the client drawn (a captured recording's flushed writes); 0 for any other. */
  readonly writeCount: number;
  /** Event i's position: its arrival in ms, or i + 0.5 when untimed. Sorted (see place()). */
  readonly eventPositions: Float64Array;
  /** Lanes that have items, in display order: the network reads first when timed. */
  readonly lanes: readonly Lane[];
  readonly gaps: SpanList;
  readonly bursts: SpanList;
  readonly markers: readonly PlacedMarker[];
  readonly domain: Domain;
  /** What the next index resumes from. */
  readonly resume: Resume;
}

interface Resume {
  readonly recording: Analysis['recording'];
  readonly lastEvent: AnalyzedEvent | undefined;
  readonly lastRead: ReadInfo | undefined;
  readonly lanes: ReadonlyMap<string, Lane>;
  readonly readPositions: Float64Array;
  /** The relay timing the writes lane was drawn from. */
  readonly relay: RelayTiming | null;
  readonly gapState: GapState;
  readonly burstState: BurstState;
  readonly tools: ToolProgress;
}

/** How far the tool calls' event lists were read, and which events they claimed (1: claimed). */
interface ToolProgress {
  readonly read: ReadonlyMap<string, number>;
  readonly claimed: Uint8Array;
}

/** The index of `analysis`, reusing `previous` when `analysis` is the same stream with more events and reads. */
export function indexTimeline(analysis: Analysis, previous: TimelineIndex | null = null): TimelineIndex {
  const timed = analysis.metrics !== null;
  const base = previous && continues(previous, analysis, timed) ? previous : null;
  const { events, reads } = analysis;

  const eventPositions = withRoomF64(base?.eventPositions ?? new Float64Array(0), events.length);
  const lanes = new Map<string, LaneWriter>();
  for (const lane of base?.resume.lanes.values() ?? []) lanes.set(lane.key, { ...lane });
  const from = base?.eventCount ?? 0;
  let last = from > 0 ? eventPositions[from - 1]! : 0;
  for (let index = from; index < events.length; index++) {
    last = place(timed ? events[index]!.t : index + 0.5, last);
    eventPositions[index] = last;
  }
  const tools = extendToolLanes(analysis, base, eventPositions, lanes);
  for (let index = from; index < events.length; index++) {
    const kind = events[index]!.interpretation.kind;
    // A tool fragment goes on its call's lane (above); only those no call took (a `function_call`) go on the kind's.
    if (kind !== 'tool' || tools.claimed[index] === 0) append(lanes, KIND_LANES.get(kind)!, eventPositions[index]!, index);
  }

  let readPositions = base?.resume.readPositions ?? new Float64Array(0);
  let gapState = base?.resume.gapState ?? NO_GAPS;
  let burstState = base?.resume.burstState ?? NO_BURSTS;
  if (timed) {
    readPositions = withRoomF64(readPositions, reads.length);
    let lastRead = base && base.readCount > 0 ? readPositions[base.readCount - 1]! : 0;
    for (let index = base?.readCount ?? 0; index < reads.length; index++) {
      lastRead = place(reads[index]!.t, lastRead);
      readPositions[index] = lastRead;
      append(lanes, READS, lastRead, index);
    }
    gapState = extendGaps(gapState, readPositions, reads.length);
    burstState = extendBursts(burstState, eventPositions, events.length);
  }

  // The relay's writes come with the stored recording, whole: drawn again only when they are new.
  const relay = timed ? (analysis.recording.capture?.relay ?? null) : null;
  if (relay !== (base?.resume.relay ?? null)) {
    lanes.delete(WRITES.key);
    if (relay) appendWrites(lanes, relay);
  }
  const writes = lanes.get(WRITES.key);
  const lastWrite = writes && writes.count > 0 ? writes.positions[writes.count - 1]! : 0;

  const done = new Map<string, Lane>();
  for (const lane of lanes.values()) done.set(lane.key, lane);
  const markers = markersOf(analysis).map(({ label, at }) => ({ label, value: at, at: timed ? at : at + 0.5 }));
  const end = timed
    ? Math.max(readPositions[reads.length - 1] ?? 0, last, lastWrite, ...markers.map((marker) => marker.at))
    : events.length;
  const domain: Domain = timed ? { end, minSpan: MIN_MS_ACROSS } : { end: Math.max(1, end), minSpan: Math.max(1, Math.min(MIN_EVENTS_ACROSS, end)) };

  return {
    timed,
    eventCount: events.length,
    readCount: timed ? reads.length : 0,
    writeCount: writes?.count ?? 0,
    eventPositions,
    lanes: [...done.values()].sort((a, b) => compareOrder(a.order, b.order)),
    gaps: gapState.spans,
    bursts: burstState.spans,
    markers,
    domain,
    resume: { recording: analysis.recording, lastEvent: events.at(-1), lastRead: reads.at(-1), lanes: done, readPositions, relay, gapState, burstState, tools },
  };
}

/** Whether `analysis` is the stream `previous` indexed, grown: the same last event and read where it stopped. */
function continues(previous: TimelineIndex, analysis: Analysis, timed: boolean): boolean {
  const { eventCount, readCount, resume } = previous;
  return (
    previous.timed === timed &&
    analysis.events.length >= eventCount &&
    analysis.reads.length >= readCount &&
    analysis.events[eventCount - 1] === resume.lastEvent &&
    (!timed || analysis.reads[readCount - 1] === resume.lastRead) &&
    (eventCount > 0 || readCount > 0 || analysis.recording === resume.recording)
  );
}

/**
 * A position that keeps each lane sorted: times as recorded, except that one earlier than the
 * item before (a hand-edited file; the recorder's clock is monotonic) or missing is drawn there.
 */
function place(t: number | null, previous: number): number {
  return t === null || !(t >= previous) ? previous : t;
}

interface LaneSpec {
  readonly key: string;
  readonly label: string;
  readonly colour: string;
  readonly order: readonly number[];
  readonly holds: Lane['holds'];
}

const READS: LaneSpec = { key: 'reads', label: 'network reads', colour: '--tl-read', order: [-1], holds: 'reads' };
/** Right under the reads they relay. */
const WRITES: LaneSpec = { key: 'writes', label: 'to the client', colour: '--tl-client', order: [-0.5], holds: 'writes' };
const KIND_LANES = new Map<ViewKind, LaneSpec>(
  KINDS.map((kind, rank) => [kind, { key: kind, label: KIND_LABELS[kind], colour: `--tl-${kind}`, order: [rank], holds: 'events' }]),
);
const TOOL_RANK = KINDS.indexOf('tool');

/**
 * Tool fragments go on one lane per tool call, as the dialect's view tracks them (Chat Completions:
 * the index sent, or the one assigned in arrival order when the provider sent none): the calls'
 * event lists are read from where the previous index stopped, up to the events this analysis holds.
 */
function extendToolLanes(analysis: Analysis, base: TimelineIndex | null, positions: Float64Array, lanes: Map<string, LaneWriter>): ToolProgress {
  const read = new Map(base?.resume.tools.read);
  let claimed = base?.resume.tools.claimed ?? new Uint8Array(0);
  if (claimed.length < analysis.events.length) {
    const grown = new Uint8Array(Math.max(analysis.events.length, claimed.length * 2, 64));
    grown.set(claimed);
    claimed = grown;
  }
  /** Marks a call's events on its lane from where the previous index stopped; two fragments of one call in one event make one mark. */
  const mark = (spec: LaneSpec, count: number, eventOf: (fragment: number) => number): void => {
    let next = read.get(spec.key) ?? 0;
    let previous = next > 0 ? eventOf(next - 1) : -1;
    for (; next < count; next++) {
      const event = eventOf(next);
      if (event >= analysis.events.length) break;
      if (event !== previous) append(lanes, spec, positions[event]!, event);
      claimed[event] = 1;
      previous = event;
    }
    read.set(spec.key, next);
  };
  for (const track of dialectView(analysis.protocol).toolTracks(analysis)) mark(toolLane(track), track.count, track.eventOf);
  return { read, claimed };
}

function toolLane(track: ToolTrack): LaneSpec {
  return { key: track.key, label: track.label, colour: `--tl-tool-${track.colour % TOOL_COLOURS}`, order: [TOOL_RANK, ...track.order], holds: 'events' };
}

/**
 * Each write to the client at the moment its socket took it (a write never taken, the client gone,
 * is not drawn); the items are the writes' indexes in the relay's list. One pass, typed arrays
 * sized once: a day-long stream's 200,000 writes cost what its reads do.
 */
function appendWrites(lanes: Map<string, LaneWriter>, relay: RelayTiming): void {
  const { writes } = relay;
  const lane: LaneWriter = { ...WRITES, positions: new Float64Array(Math.max(1, writes.length)), items: new Int32Array(Math.max(1, writes.length)), count: 0 };
  let previous = 0;
  for (let index = 0; index < writes.length; index++) {
    const flushed = writes[index]![2];
    if (flushed === null) continue;
    previous = place(flushed, previous);
    lane.positions[lane.count] = previous;
    lane.items[lane.count++] = index;
  }
  if (lane.count > 0) lanes.set(WRITES.key, lane);
}

type LaneWriter = { -readonly [K in keyof Lane]: Lane[K] };

function append(lanes: Map<string, LaneWriter>, spec: LaneSpec, position: number, item: number): void {
  let lane = lanes.get(spec.key);
  if (!lane) lanes.set(spec.key, (lane = { ...spec, positions: new Float64Array(0), items: new Int32Array(0), count: 0 }));
  const at = lane.count++;
  lane.positions = withRoomF64(lane.positions, lane.count);
  lane.items = withRoomI32(lane.items, lane.count);
  lane.positions[at] = position;
  lane.items[at] = item;
}

function compareOrder(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -Infinity) - (b[i] ?? -Infinity);
    if (difference !== 0) return difference;
  }
  return 0;
}
