// The dialects: the one interface (types.ts), the registered dialects (registry.ts), how a
// stream's dialect is told (detect.ts), and the dialects' modules. Re-exports only.

export * from './types.ts';
export * from './registry.ts';
export * from './detect.ts';
export * from './run.ts';
export { TextBuffer, firstDifference } from './kit/common.ts';
export * from './responses/index.ts';
export * from './anthropic/index.ts';
export { raw } from './raw.ts';
export type { RawInterpretation } from './raw.ts';
