// One recording for the view: a saved one analysed once, or one under way followed live (redrawn
// at most once a frame) until it ends, when the stored recording replaces the live picture.

import { useEffect, useState } from 'react';
import { createRecordingAnalysis } from '../../../shared/analysis/analyze.ts';
import type { Analysis, RecordingAnalysis } from '../../../shared/analysis/analyze.ts';
import type { StoredRecording } from '../../../shared/api/recordings.ts';
import type { RecordedRead } from '../../../shared/recording/types.ts';
import { api } from '../../api/index.ts';
import { errorMessage } from '../../components/format.ts';
import type { LiveAnalysis } from './live-analysis.ts';
import type { LiveRegistry } from './live-registry.ts';
import { loadHead, loadInSlices, loadWhole } from './load-recording.ts';
import type { Slice } from './load-recording.ts';

/** How long a live recording may stay silent before the store is asked whether it ended. */
const QUIET_MS = 2_000;

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
        follow(following);
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

    // Follows a live recording; returns what redraws it.
    const follow = (live: LiveAnalysis): (() => void) => {
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
      let lastPush = performance.now();
      unsubscribe = registry.subscribe((moved) => {
        if (moved !== id) return;
        lastPush = performance.now();
        redraw();
      });
      // A recording that went quiet may have ended before this page followed it (its `finished`
      // push came first): after a silence, ask the store.
      quiet = setInterval(() => {
        if (performance.now() - lastPush < QUIET_MS) return;
        lastPush = performance.now();
        loadHead(api.openRecording, id).then((head) => head?.end?.outcome !== 'recording' && current && settle(), fail);
      }, QUIET_MS);
      draw();
      return redraw;
    };

    const live = registry.get(id);
    if (live && !live.end) {
      const redraw = follow(live);
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
