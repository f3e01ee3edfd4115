// docs/conformance.md's table of checks, made from the batteries themselves (registry.ts), so the
// page says exactly what the command applies: each check, what it sends, and each rule with its
// verdict when broken and its reference; and docs/diagnostics.md's table of the codes the checks
// add to the catalogue's. docs.test.ts holds both pages equal to these.

import { descriptorOf, PROTOCOLS } from '../../dialects/registry.ts';
import { TRANSPORT_RULES } from './transport.ts';
import { SERVER_BATTERIES } from './registry.ts';
import { RUNNER_FINDINGS } from './runner-findings.ts';
import type { CheckRule } from './types.ts';
import { CATALOGUE } from '../../analysis/diagnostics/catalogue.ts';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function ruleRows(rules: readonly CheckRule[]): string[] {
  return [
    '| code | a faithful server | broken | what the official SDKs do when it is broken | reference |',
    '|---|---|---|---|---|',
    ...rules.map((rule) => `| \`${rule.code}\` | ${cell(rule.says)} | ${rule.breaks} | ${rule.sdk === undefined ? '' : cell(rule.sdk)} | ${cell(rule.reference)} |`),
  ];
}

export function batteryDocs(): string {
  const lines: string[] = ['### Every streamed check', '', 'Before its own rules, every check that expects a stream applies these:', '', ...ruleRows(TRANSPORT_RULES)];
  for (const protocol of PROTOCOLS) {
    lines.push('', `### ${descriptorOf(protocol).name} (\`--api ${descriptorOf(protocol).word}\`)`);
    for (const check of SERVER_BATTERIES[protocol]) {
      lines.push('', `#### \`${check.id}\``, '', `${check.asks} It sends \`${JSON.stringify(check.body('MODEL'))}\` and expects ${check.expects === 'stream' ? 'a stream' : 'a refusal'}.`, '', ...ruleRows(check.rules));
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * The codes a check's findings carry that the diagnostics catalogue does not (a rule named after a
 * diagnostic reuses its code): each with the severity it is reported at, the checks that apply it,
 * and what a faithful server does (the first check's words); then the runner's own.
 */
export function findingDocs(): string {
  const codes = new Map<string, { severities: Set<string>; checks: string[]; says: string }>();
  for (const protocol of PROTOCOLS) {
    for (const check of SERVER_BATTERIES[protocol]) {
      for (const rule of check.rules) {
        if (rule.code in CATALOGUE) continue;
        const entry = codes.get(rule.code) ?? { severities: new Set<string>(), checks: [], says: rule.says };
        entry.severities.add(rule.breaks === 'fail' ? 'error' : 'warning');
        entry.checks.push(`\`${check.id}\``);
        codes.set(rule.code, entry);
      }
    }
  }
  const rows = [...codes].map(([code, { severities, checks, says }]) => `| \`${code}\` | ${[...severities].join(', ')} | ${checks.join(', ')} | ${cell(says)} |`);
  const runner = RUNNER_FINDINGS.map(({ code, says }) => `| \`${code}\` | error | any | ${cell(says)} |`);
  return ['| code | severity | checks | a faithful server |', '|---|---|---|---|', ...rows, ...runner].join('\n') + '\n';
}
