// A recording under way, as the page follows it: the reads the `live` pushes carry, fed to the
// core's fold (the same one the backend runs) in order, and an `Analysis` of what arrived so far
// for the view to draw. Reads come in numbered batches; a batch that arrives after a gap (the page
// opened mid-recording, or the connection lost pushes) waits until `backfill` gives the reads
// before it from the store. A recording nobody pushes (the capture proxy's) is fed the same way,
// by batches the view makes of what it asks the store for.

import { finishAnalysis } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { createStreamAnalyzer } from '../../../shared/analysis/stream.ts';
import type { StreamAnalyzer } from '../../../shared/analysis/stream.ts';
import type { LiveBatch, LiveFinished } from '../../../shared/api/contract.ts';
import { dialectView } from '../dialects/registry.ts';
import { header } from '../../../shared/recording/types.ts';
import type { RecordedRead, RecordedRequest, RecordedResponse, Recording } from '../../../shared/recording/types.ts';

/**
 * Diagnostics and metrics look at every event, so while events pour in they are worked out again
 * at most this often; events, reads and the client state are new on every snapshot.
 */
export const FULL_ANALYSIS_EVERY_MS = 250;

export class LiveAnalysis {
  // The head comes before the body's first read: its content-type tells the framing.
  private readonly analyzer: StreamAnalyzer = createStreamAnalyzer({ contentType: () => (this.response ? (header(this.response.headers, 'content-type') ?? null) : null) });
  /** Reads by sequence number; holes where a batch has not come (yet). */
  private readonly arrived: (RecordedRead | undefined)[] = [];
  /** The reads fed to the fold: the unbroken run from the first. */
  private readonly fed: RecordedRead[] = [];
  private request: RecordedRequest | null = null;
  private response: RecordedResponse | null = null;
  private startedAt: string | null = null;
  private finished: LiveFinished | null = null;
  private changes = 0;
  private snapshotAt = -1;
  private snapshot: Analysis | null = null;
  private fullAt = -Infinity;
  private ended: Analysis | null = null;
  /** The snapshot reused older diagnostics and metrics. */
  private partial = false;

  constructor(readonly id: number) {}

  /** Bumped whenever something new arrived: a view redraws when it moves. */
  get version(): number {
    return this.changes;
  }

  /** The live recording ended (how is in `end`); the store then holds all of it. */
  get end(): LiveFinished | null {
    return this.finished;
  }

  /** Reads fed so far, from the first with none missing: where asking the store for more starts. */
  get readsFed(): number {
    return this.fed.length;
  }

  /** Reads arrived past a gap and wait for the ones before them: call `backfill` with the stored recording. */
  get waiting(): boolean {
    return this.arrived.length > this.fed.length;
  }

  apply(batch: LiveBatch): void {
    if (batch.response) this.response = batch.response;
    batch.reads.forEach((read, i) => (this.arrived[batch.firstRead + i] ??= read));
    this.advance();
    this.changes++;
  }

  /** Reads from `firstRead` on as the store holds them (a recording nobody pushes, asked for again and again). */
  fromStore(firstRead: number, reads: readonly RecordedRead[], response: RecordedResponse | null): void {
    const before = this.fed.length;
    const head = this.response === null && response !== null;
    if (head) this.response = response;
    reads.forEach((read, i) => (this.arrived[firstRead + i] ??= read));
    this.advance();
    // Nothing new: the snapshot stays the same object (the view does not redraw for nothing).
    if (head || this.fed.length !== before) this.changes++;
  }

  /** What the store holds of this recording: its request, and the reads the pushes did not bring. */
  backfill(stored: Recording): void {
    this.request ??= stored.request;
    this.response ??= stored.response;
    this.startedAt ??= stored.startedAt;
    stored.reads.forEach((read, i) => (this.arrived[i] ??= read));
    this.advance();
    this.changes++;
  }

  finish(finished: LiveFinished): void {
    this.finished ??= finished;
    this.changes++;
  }

  /** The analysis of what arrived so far; the same object until something new arrives. */
  analysis(now: number): Analysis {
    if (this.snapshot && this.snapshotAt === this.changes) return this.snapshot;
    const { analyzer } = this;
    const recording: Recording = {
      source: 'live',
      startedAt: this.startedAt,
      request: this.request,
      response: this.response,
      reads: this.fed,
      // Still under way: end-of-stream checks wait (DiagnosticContext.ended).
      end: { t: this.fed.at(-1)?.t ?? null, outcome: 'recording' },
    };
    const previous = this.snapshot;
    if (previous === null || now - this.fullAt >= FULL_ANALYSIS_EVERY_MS) {
      this.snapshot = finishAnalysis(recording, analyzer, { partial: null, stats: analyzer.stats });
      this.fullAt = now;
      this.partial = false;
    } else {
      const { choices, final } = dialectView(analyzer.protocol).live(analyzer);
      this.snapshot = { ...previous, recording, stats: analyzer.stats, choices, final };
      this.partial = true;
    }
    this.snapshotAt = this.changes;
    return this.snapshot;
  }

  /**
   * When the latest snapshot's diagnostics and metrics lag behind its events, how long until a
   * snapshot works them out again (a view that got no new push meanwhile asks again then); null
   * when they are up to date.
   */
  staleFor(now: number): number | null {
    return this.partial ? Math.max(0, this.fullAt + FULL_ANALYSIS_EVERY_MS - now) : null;
  }

  /** Asks for a new snapshot even though nothing arrived (to bring stale diagnostics up to date). */
  refresh(): void {
    if (this.partial) this.changes++;
  }

  /**
   * The whole analysis, once the recording has ended and every read it had came: the same as the
   * stored recording's, without loading it again. Null while it is under way, or when reads went
   * missing on the way (the summary counts more than arrived): then only the store has them all.
   */
  final(): Analysis | null {
    const finished = this.finished;
    if (!finished || this.waiting || (finished.summary !== null && finished.summary.readCount !== this.fed.length)) return null;
    if (this.ended) return this.ended;
    const recording: Recording = { source: 'live', startedAt: this.startedAt, request: this.request, response: this.response, reads: this.fed, end: finished.end };
    const { partial, stats } = this.analyzer.end();
    this.ended = finishAnalysis(recording, this.analyzer, { partial, stats });
    return this.ended;
  }

  private advance(): void {
    for (let next = this.arrived[this.fed.length]; next !== undefined; next = this.arrived[this.fed.length]) {
      this.fed.push(next);
      this.analyzer.feed(next.bytes, next.t);
    }
  }
}
