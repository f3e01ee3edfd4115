// The recordings in the store, as the API answers for them.

import type { StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import type { Store } from '../store/index.ts';

type RecordingCalls = Pick<StreamscopeApi, 'listRecordings' | 'getRecording' | 'openRecording' | 'renameRecording' | 'tagRecording' | 'deleteRecording'>;

export function recordingCalls(store: Store, isLive: (id: number) => boolean): RecordingCalls {
  return {
    listRecordings: async (query) => store.list(query),
    getRecording: async ({ id }) => store.withEvents(id),
    openRecording: async ({ id, fromRead, readLimit }) => store.packed(id, fromRead, readLimit),
    renameRecording: async ({ id, name }) => store.rename(id, name),
    tagRecording: async ({ id, tags }) => store.setTags(id, tags),
    deleteRecording: async ({ id }) => {
      if (isLive(id)) throw new ApiError('unavailable', `recording ${id} is still recording: cancel it before deleting it`);
      return store.delete(id);
    },
  };
}
