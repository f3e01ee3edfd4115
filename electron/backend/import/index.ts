// Import of recordings from files: .sse, .ssrec.jsonl, HAR, curl traces.
export { importFile, importFiles, readImportFile, ImportError } from './import.ts';
export type { ImportFileOptions, ImportedRecording } from './import.ts';
export { decodeReads } from './decode.ts';
