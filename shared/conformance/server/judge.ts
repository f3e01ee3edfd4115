// A check's verdict from its recording's analysis (issue 29): the transport rules for a check that
// expects a stream, then the check's own; `fail` when a failing rule is broken, `warn` when only a
// warning one is, `pass` otherwise. Pure: the runner records, this judges.

import type { Analysis } from '../../analysis/analyze.ts';
import { TRANSPORT_RULES } from './transport.ts';
import type { CheckFinding, CheckRule, ServerCheck, Verdict } from './types.ts';

/** The rules a check applies, in the order they are judged. */
export function rulesOf(check: ServerCheck): readonly CheckRule[] {
  return check.expects === 'stream' ? [...TRANSPORT_RULES, ...check.rules] : check.rules;
}

export function judgeCheck(check: ServerCheck, analysis: Analysis): Verdict {
  const rules = rulesOf(check);
  const broken: { rule: CheckRule; finding: CheckFinding }[] = [];
  let status: Verdict['status'] = 'pass';
  for (const rule of rules) {
    const how = rule.judge(analysis);
    if (how.length === 0) continue;
    if (rule.breaks === 'fail') status = 'fail';
    else if (status === 'pass') status = 'warn';
    // A failing rule ends with what the SDKs do on it: the reason the break matters to a client.
    const consequence = rule.breaks === 'fail' && rule.sdk !== undefined ? ` ${rule.sdk}` : '';
    broken.push({ rule, finding: { code: rule.code, severity: rule.breaks === 'fail' ? 'error' : 'warning', message: `${rule.says} ${how.join(' ')}${consequence}` } });
  }
  // The first broken rule of the worst kind says what went wrong.
  const first = broken.find(({ rule }) => rule.breaks === 'fail') ?? broken[0];
  const diagnostics = analysis.diagnostics.map(({ code, severity, message }): CheckFinding => ({ code, severity, message }));
  return {
    id: check.id,
    protocol: check.protocol,
    status,
    summary: first ? `${first.finding.code}: ${first.finding.message}` : rules.length === 1 ? 'Its one rule held.' : `All ${rules.length} rules held.`,
    expected: rules.map((rule) => rule.says),
    findings: [...diagnostics, ...broken.map(({ finding }) => finding)],
  };
}
