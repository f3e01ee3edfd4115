// Follows the live recordings the backend pushes. Pushes may arrive before startRecording has
// answered with the id, so every recording pushed is followed (the latest few), not only the one
// this page started.

import { useEffect, useRef, useState } from 'react';
import { api } from '../api/index.ts';
import { createLiveRecording } from './live-recording.ts';
import type { LiveRecording } from './live-recording.ts';

const FOLLOWED = 8;

export function useLiveRecordings(): { get(id: number | null): LiveRecording | null; version: number } {
  const recordings = useRef(new Map<number, LiveRecording>());
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const followed = (id: number): LiveRecording => {
      let recording = recordings.current.get(id);
      if (!recording) {
        recording = createLiveRecording(id);
        recordings.current.set(id, recording);
        // Maps keep insertion order: the first key is the oldest.
        if (recordings.current.size > FOLLOWED) recordings.current.delete(recordings.current.keys().next().value!);
      }
      return recording;
    };
    // One render per batch at most: the backend batches every 30 ms.
    const offLive = api.on('live', (batch) => {
      followed(batch.id).apply(batch);
      setVersion((v) => v + 1);
    });
    const offFinished = api.on('finished', (end) => {
      followed(end.id).finish(end);
      setVersion((v) => v + 1);
    });
    return () => {
      offLive();
      offFinished();
    };
  }, []);

  return { get: (id) => (id === null ? null : (recordings.current.get(id) ?? null)), version };
}
