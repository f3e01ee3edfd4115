// What the mock view shows of a recording it serves (served-recording.ts): its summary row
// (title, model), its request body (the snippet asks with the members it is matched on) and its
// dialect (the snippet's SDK and path). Asked once per recording and page: the one read it comes
// with is the least openRecording sends.

import { useEffect, useState } from 'react';
import { api } from '../api/index.ts';
import { servedRecording } from './served-recording.ts';
import type { RecordingInfo } from './served-recording.ts';

export type { RecordingInfo } from './served-recording.ts';

/** null: no such recording (deleted since). */
const asked = new Map<number, Promise<RecordingInfo | null>>();

export function recordingInfo(id: number): Promise<RecordingInfo | null> {
  let info = asked.get(id);
  if (!info) {
    info = api.openRecording({ id, fromRead: 0, readLimit: 1 }).then((head) => (head ? servedRecording(head) : null));
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
