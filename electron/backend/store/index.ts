// The SQLite store: recordings, their reads and events, and the queries the UI and the CLI need.
export { openStore, INTERRUPTED_ERROR } from './store.ts';
export { defaultDbPath, dbPathFor, DB_FILE } from './location.ts';
export { MIGRATIONS, SCHEMA_VERSION, APPLICATION_ID, StoreVersionError, migrate } from './migrations.ts';
export { summarize } from './summary.ts';
export { DEFAULT_FLUSH_INTERVAL_MS, DEFAULT_MAX_BUFFER_BYTES, DEFAULT_MAX_BUFFER_ROWS, storedEvent } from './writer.ts';
export type * from './types.ts';
