// How a replay gets back on its recorded times after a late write (docs/replay.md, "Timing").
//
// Each write is due at an absolute moment, so lateness does not add up; but written strictly on
// the recorded times, one late write makes two gap errors, the gap before it long and the one
// after short by as much. So after a late write the schedule runs behind by its lateness and
// gives back at most CATCH_UP_MS a gap (half the gap if it is shorter): one long gap, then a few
// gaps short by a fraction of a millisecond, and the recorded times regained soon after.

export const CATCH_UP_MS = 0.5;

/** The schedule's lag behind the recorded times (ms), one per played response. */
export class CatchUp {
  private behind = 0;
  private previousAt = 0;

  /** How long after its recorded time the write recorded at `at` (ms since the start) is due. */
  lagAt(at: number): number {
    this.behind = Math.max(0, this.behind - Math.min(CATCH_UP_MS, Math.max(0, at - this.previousAt) / 2));
    this.previousAt = at;
    return this.behind;
  }

  /** The write recorded at its `at` went out `lateMs` after its recorded time. */
  wrote(lateMs: number): void {
    this.behind = Math.max(this.behind, lateMs);
  }

  /** Back on the recorded times at once (after waiting for a slow client to drain, as a real server bursts). */
  reset(): void {
    this.behind = 0;
  }
}
