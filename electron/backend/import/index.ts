// Import of recordings from files: .sse, .ssrec.jsonl, HAR, curl traces.
export { importBytes, importFile, importFiles, readImportBytes, readImportFile, ImportError } from './import.ts';
export type { ImportFileOptions, ImportedRecording } from './import.ts';
export { decodeReads } from './decode.ts';
export { MAX_INPUT_BYTES, readInputFile } from './read-input.ts';
