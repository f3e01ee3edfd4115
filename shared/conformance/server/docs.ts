// docs/conformance.md's table of checks, made from the batteries themselves (registry.ts), so the
// page says exactly what the command applies: each check, what it sends, and each rule with its
// verdict when broken and its reference. docs.test.ts holds the page equal to this.

import { descriptorOf, PROTOCOLS } from '../../dialects/registry.ts';
import { TRANSPORT_RULES } from './transport.ts';
import { SERVER_BATTERIES } from './registry.ts';
import type { CheckRule } from './types.ts';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function ruleRows(rules: readonly CheckRule[]): string[] {
  return ['| code | a faithful server | broken | reference |', '|---|---|---|---|', ...rules.map((rule) => `| \`${rule.code}\` | ${cell(rule.says)} | ${rule.breaks} | ${cell(rule.reference)} |`)];
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
