// The findings the runner itself adds to a check (electron/backend/check/run.ts), beside its rules'
// and the recording's diagnostics: a request it had to cut. Here so that docs/diagnostics.md lists
// them with the rest (docs.ts).

export const RUNNER_FINDINGS = [
  { code: 'check-timed-out', says: "The answer ended within the check's time (`--timeout-s`, 60 s by default): past it the request is cut and the check fails." },
  { code: 'run-timed-out', says: "The run ended within its total time (`--total-timeout-s`, 20 minutes by default): a request under way when it passes is cut and its check fails; the checks not yet sent are skipped." },
  { code: 'body-too-large', says: 'The body stayed under 16 MiB: past it the request is cut and the check fails (a server that answers forever).' },
] as const satisfies readonly { readonly code: string; readonly says: string }[];

export type RunnerFindingCode = (typeof RUNNER_FINDINGS)[number]['code'];
