// The core's public surface. Re-exports only. (The export formats, shared/export/registry.ts, and the
// API, shared/api/index.ts, have their own entry points: most users of the core need neither.)
export * from './sse/parser.ts';
export * from './chunks/ops.ts';
export * from './chunks/interpret.ts';
export * from './chunks/json-text.ts';
export * from './chunks/annotate.ts';
export * from './chunks/accumulate.ts';
export * from './chunks/message.ts';
export * from './chunks/fields.ts';
export * from './recording/types.ts';
export * from './recording/redact.ts';
export * from './formats/bytes.ts';
export * from './formats/ssrec.ts';
export * from './formats/sse.ts';
export * from './formats/detect.ts';
export * from './analysis/stream.ts';
export * from './analysis/analyze.ts';
export * from './analysis/metrics.ts';
export * from './analysis/contract.ts';
export * from './analysis/diagnostics/index.ts';
export * from './analysis/metric-definitions.ts';
export * from './replay/faults.ts';
export * from './replay/plan.ts';
export * from './replay/match.ts';
export * from './replay/headers.ts';
export * from './export/types.ts';
