// The JavaScript API for tests (`import { startProxy, startMock } from 'streamscope'`): the capture
// proxy and the mock endpoint in the test's own process, as `streamscope proxy` and `streamscope
// replay` run them (README, "Use it in your project"; docs/capture.md, "Record once, replay in CI").

export { startProxy } from './start-proxy.ts';
export type { RunningProxy } from './start-proxy.ts';
export { startMock } from './start-mock.ts';
export type { RunningMock } from './start-mock.ts';
export type { MockOptions, ProxyOptions, Upstream } from './options.ts';
export type { ReplayFaults, ReplayStall } from '../../../shared/replay/faults.ts';
export type { CaptureExchange } from '../../../shared/capture/types.ts';
export type { ReplayRequestLog } from '../replay/index.ts';
