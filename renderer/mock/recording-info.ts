// What the mock view shows of a recording it serves: its summary row (title, model) and its
// request body (the snippet asks with its model and messages). Asked once per recording and page:
// the one read it comes with is the least openRecording sends.

import { useEffect, useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { loadHead } from '../view/model/load-recording.ts';

export interface RecordingInfo {
  readonly summary: RecordingSummary;
  /** The recorded request's JSON body; null for a source without one (a plain .sse). */
  readonly body: unknown;
}

/** null: no such recording (deleted since). */
const asked = new Map<number, Promise<RecordingInfo | null>>();

export function recordingInfo(id: number): Promise<RecordingInfo | null> {
  let info = asked.get(id);
  if (!info) {
    info = loadHead(api.openRecording, id).then((head) => (head ? { summary: head.summary, body: head.request?.body ?? null } : null));
    // A failed question is asked again next time.
    info.catch(() => asked.delete(id));
    asked.set(id, info);
  }
  return info;
}

/** The recordings' infos as they come, by id (a missing id is still coming or failed; null: gone). */
export function useRecordingInfos(ids: readonly number[]): ReadonlyMap<number, RecordingInfo | null> {
  const [infos, setInfos] = useState<ReadonlyMap<number, RecordingInfo | null>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    let current = true;
    for (const id of key === '' ? [] : key.split(',').map(Number)) {
      recordingInfo(id).then(
        (info) => current && setInfos((previous) => new Map(previous).set(id, info)),
        () => {},
      );
    }
    return () => {
      current = false;
    };
  }, [key]);
  return infos;
}
