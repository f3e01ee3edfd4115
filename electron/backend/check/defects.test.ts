// Every check of the server battery against the simulator (issue 29, "Real servers to prove it
// on"): it passes on the faithful scenario, and fails (or warns, where its rule only warns) on
// the defect it exists for, its summary naming the first broken rule — the defects real servers
// shipped, played by the simulator's defect scenarios (simulator/check-scenarios.ts, DEFECTS_OF_CHECK).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesOf } from '../../../shared/conformance/server/judge.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import type { ServerCheck } from '../../../shared/conformance/server/types.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { DEFECTS_OF_CHECK, findServedScenario, simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { runChecks } from './run.ts';

const EVERY: readonly ServerCheck[] = PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol]);

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
});
afterAll(() => simulator.close());

/** The check's verdict on the scenario a model names: its status, its summary's code, and the check's own rules it found broken, in order. */
async function verdictOf(check: ServerCheck, model: string): Promise<{ status: string; code: string; broken: string[] }> {
  const [result] = (await runChecks({ baseUrl: simulator.url, checks: [check], model })).results;
  const rules = rulesOf(check);
  // A broken rule's finding is worded as the rule says, then how it broke (a diagnostic of the same code is not).
  const broken = result!.findings.filter((finding) => rules.some((rule) => rule.code === finding.code && finding.message.startsWith(`${rule.says} `))).map((finding) => finding.code);
  return { status: result!.status, code: result!.summary.split(':')[0]!, broken };
}

const held = (check: ServerCheck): string => (rulesOf(check).length === 1 ? 'Its one rule held.' : `All ${rulesOf(check).length} rules held.`);

const CASES = EVERY.flatMap((check) =>
  (DEFECTS_OF_CHECK[check.id] ?? []).map((defect) => ({
    check,
    defect,
    name: `${check.id} passes on the faithful scenario and ${defect.verdict}s ${defect.breaks[0]} on ${defect.model.slice('sim-'.length)}${defect.imitates === null ? '' : ` (${defect.imitates})`}`,
  })),
);

describe('every check of the battery, against the simulator', () => {
  it('has a defect it is shown to catch, each one a scenario of its own dialect', () => {
    expect(EVERY.filter((check) => (DEFECTS_OF_CHECK[check.id] ?? []).length === 0).map((check) => check.id)).toEqual([]);
    expect(Object.keys(DEFECTS_OF_CHECK).sort()).toEqual(EVERY.map((check) => check.id).sort());
    for (const check of EVERY) {
      for (const defect of DEFECTS_OF_CHECK[check.id]!) expect([defect.model, defect.protocol, findServedScenario(check.protocol, defect.model)?.dialects]).toEqual([defect.model, check.protocol, [check.protocol]]);
    }
  });

  it.each(CASES)('$name', async ({ check, defect }) => {
    expect(await verdictOf(check, simulatorModelOf(check.id))).toEqual({ status: 'pass', code: held(check), broken: [] });
    expect(await verdictOf(check, defect.model)).toEqual({ status: defect.verdict, code: defect.breaks[0], broken: defect.breaks });
  });
});
