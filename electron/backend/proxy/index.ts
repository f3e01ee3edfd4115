export * from './server.ts';
export * from './cassettes.ts';
export type * from './types.ts';
