// The wire replay: a loopback endpoint that answers Chat Completions, Responses and
// Anthropic Messages requests with recorded exchanges of that dialect, byte- and
// time-exact, with faults (docs/replay.md).
export { startReplayServer } from './server.ts';
export type { ReplayServer, ReplayServerOptions, ReplaySource, ReplayRequestLog, ReplayOutcome } from './server.ts';
export { planReplay, DEFAULT_UNTIMED_INTERVAL_MS } from '../../../shared/replay/plan.ts';
export type { ReplayPlan, ReplayPlanOptions, ReplayWrite, ReplayEnding } from '../../../shared/replay/plan.ts';
export { checkFaults, describeFaults } from '../../../shared/replay/faults.ts';
export type { ReplayFaults, ReplayStall } from '../../../shared/replay/faults.ts';
export { matchRecording, summarizeRecording, summarizeRequest } from '../../../shared/replay/match.ts';
export { replayProtocol } from '../../../shared/replay/dialect.ts';
export type { RequestSummary } from '../../../shared/replay/match.ts';
