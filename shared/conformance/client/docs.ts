// docs/client-conformance.md's table of cases, made from the registry itself (registry.ts), so the
// page says exactly what the command serves: each case, valid or broken, what it serves, why, and
// where its bytes come from. docs.test.ts holds the page equal to this.

import { descriptorOf, PROTOCOLS } from '../../dialects/registry.ts';
import { CLIENT_CASES } from './registry.ts';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function caseDocs(): string {
  const lines: string[] = [];
  for (const protocol of PROTOCOLS) {
    const factory = CLIENT_CASES[protocol];
    const { name, word } = descriptorOf(protocol);
    lines.push(`### ${name} (\`--api ${word}\`)`, '');
    if (factory === null) {
      lines.push('Not built yet: `--api ' + word + '` is refused.', '');
      continue;
    }
    lines.push('| case | stream | serves | why | source |', '|---|---|---|---|---|');
    for (const kase of factory()) lines.push(`| \`${kase.id}\` | ${kase.expect === 'survive' ? 'valid: survive' : 'broken: detect'} | ${cell(kase.serves)} | ${cell(kase.why)} | ${cell(kase.source)} |`);
    lines.push('');
  }
  return lines.join('\n');
}
