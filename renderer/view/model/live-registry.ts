// Every live recording the backend pushes, followed from the page's start: pushes can arrive
// before `startRecording` has answered with the id, and the user may open any recording under
// way, so all of them are followed (the latest few), not only the one this page started.

import type { ApiPushes } from '../../../shared/api/contract.ts';
import { LiveAnalysis } from './live-analysis.ts';

/** How many recordings are followed at once; the oldest is dropped first. */
export const FOLLOWED = 8;

export interface PushSource {
  on<P extends 'live' | 'finished'>(push: P, listener: (value: ApiPushes[P]) => void): () => void;
}

export class LiveRegistry {
  private readonly recordings = new Map<number, LiveAnalysis>();
  private readonly listeners = new Set<(id: number) => void>();

  get(id: number): LiveAnalysis | undefined {
    return this.recordings.get(id);
  }

  /** The recording's live analysis, created (and followed from now on) when it is new. */
  follow(id: number): LiveAnalysis {
    let recording = this.recordings.get(id);
    if (!recording) {
      recording = new LiveAnalysis(id);
      this.recordings.set(id, recording);
      // Maps keep insertion order: the first key is the oldest.
      if (this.recordings.size > FOLLOWED) this.recordings.delete(this.recordings.keys().next().value!);
    }
    return recording;
  }

  /** Called with a recording's id whenever something of it arrives. */
  subscribe(listener: (id: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Follows the pushes of `source` until the returned function is called. */
  connect(source: PushSource): () => void {
    const offLive = source.on('live', (batch) => {
      this.follow(batch.id).apply(batch);
      this.notify(batch.id);
    });
    const offFinished = source.on('finished', (end) => {
      this.follow(end.id).finish(end);
      this.notify(end.id);
    });
    return () => {
      offLive();
      offFinished();
    };
  }

  private notify(id: number): void {
    for (const listener of this.listeners) listener(id);
  }
}
