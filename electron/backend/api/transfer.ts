// Files in and out: import a recording file the user picked (.sse, .ssrec.jsonl, HAR, curl
// trace: electron/backend/import), export a stored recording in one of the registered formats.
// A file that cannot be read is the caller's to fix (invalid-argument, naming the file), never a
// crash.

import type { ExportedFile, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { exporterFor, exporters } from '../../../shared/export/registry.ts';
import { importBytes, ImportError } from '../import/index.ts';
import type { Store } from '../store/index.ts';

type TransferCalls = Pick<StreamscopeApi, 'importFile' | 'exportRecording' | 'listExportFormats'>;

export function transferCalls(store: Store): TransferCalls {
  return {
    async importFile({ name, bytes, tags }) {
      try {
        return { ids: await importBytes(store, baseName(name), bytes, tags !== undefined ? { tags } : {}) };
      } catch (error) {
        if (error instanceof ImportError) throw new ApiError('invalid-argument', `importFile: ${error.message}`);
        throw error;
      }
    },

    async exportRecording({ id, format }): Promise<ExportedFile> {
      const exporter = exporterFor(format);
      if (!exporter) throw new ApiError('unavailable', `exportRecording: the ${format} format is not available in this build`);
      const recording = store.get(id);
      if (!recording) throw new ApiError('not-found', `no recording ${id}`);
      let content: string | Uint8Array;
      try {
        content = exporter.export(recording, { name: recording.name, id });
      } catch (error) {
        // A format that cannot hold this recording (curl needs a request) says why.
        throw new ApiError('unavailable', `exportRecording: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { fileName: fileStem(recording.name, id) + exporter.extension, mediaType: exporter.mediaType, content };
    },

    listExportFormats: async () => exporters().map(({ format, description, extension }) => ({ format, description, extension })),
  };
}

/** The file's own name, without any folder a browser or a drop put before it. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop() || name;
}

/** A file name from the recording's name (letters, digits, dashes), or `recording-ID`. */
function fileStem(name: string | null, id: number): string {
  const stem = (name ?? '')
    .replace(/\.(ssrec\.jsonl|jsonl|sse|har|txt)$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return stem === '' ? `recording-${id}` : stem;
}
