// One recording for the view: a saved one analysed once, or one under way followed live (redrawn
// at most once a frame) until it ends, when the stored recording replaces the live picture. A
// recording under way that the backend does not push (one the capture proxy makes for the user's
// app) is followed by asking the store for the reads past those held, a few times a second.

import { useEffect, useState } from 'react';
import { createRecordingAnalysis } from '../../../shared/analysis/analyze.ts';
import type { Analysis, RecordingAnalysis } from '../../../shared/analysis/analyze.ts';
import type { StoredRecording } from '../../../shared/api/recordings.ts';
import { unpackReads } from '../../../shared/api/packed.ts';
import type { RecordedRead } from '../../../shared/recording/types.ts';
import { api } from '../../api/index.ts';
import { errorMessage } from '../../components/format.ts';
import type { LiveAnalysis } from './live-analysis.ts';
import type { LiveRegistry } from './live-registry.ts';
import { loadInSlices, loadWhole, SLICE_READS } from './load-recording.ts';
import type { Slice } from './load-recording.ts';

/** How long a live recording may stay silent before the store is asked whether it ended. */
const QUIET_MS = 2_000;
/** How often the store is asked for the new reads of a recording under way that no push brings. */
export const POLL_MS = 250;

export type RecordingLoad =
  | { readonly status: 'loading'; readonly progress?: { readonly loaded: number; readonly total: number } }
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly analysis: Analysis;
      /** Still recording. */
      readonly live: boolean;
      /** The stored recording (name, tags, summary); null while a live one has not been read from the store. */
      readonly stored: StoredRecording | null;
    };

export function useRecording(id: number, registry: LiveRegistry): RecordingLoad {
  const [load, setLoad] = useState<RecordingLoad>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    let frame: number | null = null;
    let stored: StoredRecording | null = null;
    let unsubscribe = (): void => {};
    let quiet: ReturnType<typeof setInterval> | undefined;
    let catchUp: ReturnType<typeof setTimeout> | undefined;

    const loadStored = (): Promise<StoredRecording | null> => loadWhole(api.openRecording, id);

    // A saved recording, analysed slice by slice as the slices come (the next one is on its way
    // meanwhile); one that turns out to be still recording is followed live instead.
    const loadSaved = async (): Promise<void> => {
      let analysis: RecordingAnalysis | null = null;
      let recording: Slice['recording'] | null = null;
      const underWay: RecordedRead[] = [];
      const found = await loadInSlices(api.openRecording, id, (slice) => {
        if (!current) return;
        if (recording === null) {
          recording = slice.recording;
          if (recording.end?.outcome !== 'recording') analysis = createRecordingAnalysis(recording);
        }
        if (analysis) for (const read of slice.reads) analysis.feed(read);
        else for (const read of slice.reads) underWay.push(read);
        setLoad({ status: 'loading', progress: { loaded: slice.loaded, total: slice.total } });
      });
      if (!current) return;
      if (!found || recording === null) return setLoad({ status: 'missing' });
      const meta: Slice['recording'] = recording;
      if (analysis === null) {
        // Opened while it is still being recorded: follow it from what the store has.
        stored = { ...meta, reads: underWay };
        const following = registry.follow(id);
        following.backfill(stored);
        // Made elsewhere (the capture proxy, another window): pushes may never come.
        follow(following, false);
        return;
      }
      const done = (analysis as RecordingAnalysis).end();
      setLoad({ status: 'ready', analysis: done, live: false, stored: { ...meta, reads: done.recording.reads } });
    };

    const fail = (failure: unknown): void => {
      if (current) setLoad({ status: 'error', message: errorMessage(failure) });
    };

    // Once it has ended, the store holds all of it (pushes may have been lost on the way).
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearInterval(quiet);
      loadSaved().catch(fail);
    };

    // Follows a live recording; returns what redraws it. `pushed`: its reads come as pushes (this
    // page's own `startRecording`), else they are asked of the store until one comes.
    const follow = (live: LiveAnalysis, pushed: boolean): (() => void) => {
      const draw = (): void => {
        frame = null;
        if (!current) return;
        if (live.end) {
          // Everything arrived: the live analysis, finished, is the stored one's.
          const final = live.final();
          if (!final) return settle();
          unsubscribe();
          clearInterval(quiet);
          settled = true;
          return setLoad({ status: 'ready', analysis: final, live: false, stored });
        }
        const now = performance.now();
        setLoad({ status: 'ready', analysis: live.analysis(now), live: true, stored });
        // Diagnostics and metrics lag behind the events: when no push comes to redraw, catch them up.
        const stale = live.staleFor(now);
        clearTimeout(catchUp);
        if (stale !== null) {
          catchUp = setTimeout(() => {
            live.refresh();
            redraw();
          }, stale);
        }
      };
      const redraw = (): void => {
        if (frame === null) frame = requestAnimationFrame(draw);
      };
      let lastPush = pushed ? performance.now() : -Infinity;
      let lastAsk = -Infinity;
      let asking = false;
      unsubscribe = registry.subscribe((moved) => {
        if (moved !== id) return;
        lastPush = performance.now();
        pushed = true;
        redraw();
      });
      // A recording that went quiet may have ended before this page followed it (its `finished`
      // push came first), and one made elsewhere is never pushed: while no push comes, ask the
      // store for the reads past those held, and whether it ended — every few hundred
      // milliseconds for one never pushed, after a silence for one that was.
      quiet = setInterval(() => {
        const now = performance.now();
        if (asking || now - lastPush < QUIET_MS || now - lastAsk < (pushed ? QUIET_MS : POLL_MS)) return;
        lastAsk = now;
        asking = true;
        askStore(live)
          .then((ended) => {
            if (!current) return;
            if (ended) settle();
            else redraw();
          }, fail)
          .finally(() => (asking = false));
      }, POLL_MS);
      draw();
      return redraw;
    };

    // The reads the store holds past those the live analysis has, fed to it as a pushed batch
    // would be; true when the recording has ended (or is gone), which settles the view.
    const askStore = async (live: LiveAnalysis): Promise<boolean> => {
      const packed = await api.openRecording({ id, fromRead: live.readsFed, readLimit: SLICE_READS });
      if (!packed || packed.recording.end?.outcome !== 'recording') return true;
      const reads = unpackReads(packed);
      if (!reads) throw new Error('the backend sent a damaged recording (its read lengths do not add up to its body)');
      live.fromStore(packed.fromRead, reads, packed.recording.response);
      return false;
    };

    const live = registry.get(id);
    if (live && !live.end) {
      const redraw = follow(live, true);
      // The request, and any reads pushed before this page was following, come from the store.
      loadStored().then((recording) => {
        if (!current || !recording) return;
        stored = recording;
        live.backfill(recording);
        redraw();
      }, fail);
    } else {
      loadSaved().catch(fail);
    }

    return () => {
      current = false;
      unsubscribe();
      clearInterval(quiet);
      clearTimeout(catchUp);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [id, registry]);

  return load;
}
