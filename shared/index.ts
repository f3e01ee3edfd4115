// The core's public surface. Re-exports only.
export * from './sse/parser.ts';
export * from './chunks/ops.ts';
export * from './chunks/interpret.ts';
export * from './chunks/annotate.ts';
export * from './chunks/accumulate.ts';
export * from './chunks/message.ts';
export * from './chunks/fields.ts';
export * from './recording/types.ts';
export * from './formats/bytes.ts';
export * from './formats/ssrec.ts';
export * from './formats/sse.ts';
export * from './formats/detect.ts';
export * from './analysis/stream.ts';
export * from './analysis/analyze.ts';
export * from './analysis/metrics.ts';
export * from './analysis/contract.ts';
export * from './analysis/diagnostics/index.ts';
