// The one API between the UI and the backend. Re-exports only.
export * from './contract.ts';
export * from './recordings.ts';
export * from './checks.ts';
export * from './client-checks.ts';
export * from './errors.ts';
export * from './schema.ts';
export * from './dispatch.ts';
export * from './client.ts';
export * from './codec.ts';
export * from './bridge.ts';
export * from './packed.ts';
