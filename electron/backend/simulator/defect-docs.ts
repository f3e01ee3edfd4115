// docs/conformance.md's table of the simulator's defect scenarios (issue 29), made from the map
// itself (check-scenarios.ts, DEFECTS_OF_CHECK), so the page says exactly what the defect tests
// run: each check, the scenario of its defect, the real server it imitates, and the rules it
// breaks. defect-docs.test.ts holds the page equal to it.

import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { DEFECTS_OF_CHECK } from './check-scenarios.ts';

const cell = (text: string): string => text.replaceAll('|', '\\|');

export function defectDocs(): string {
  const rows = PROTOCOLS.flatMap((protocol) =>
    SERVER_BATTERIES[protocol].flatMap((check) =>
      (DEFECTS_OF_CHECK[check.id] ?? []).map((defect) => {
        const [first, ...also] = defect.breaks;
        const breaks = `${defect.verdict} \`${first}\`${also.length === 0 ? '' : ` (also ${also.map((code) => `\`${code}\``).join(', ')})`}`;
        return `| \`${check.id}\` | \`${defect.model}\` | ${cell(defect.description)} | ${cell(defect.imitates ?? '—')} | ${breaks} |`;
      }),
    ),
  );
  return ['| check | defect scenario | what it sends | real server | verdict, first broken rule |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}

/** docs/simulator.md's list of the defect scenarios, by dialect: the model and the one line `listScenarios` would show. */
export function defectScenarioDocs(): string {
  const rows = PROTOCOLS.flatMap((protocol) =>
    SERVER_BATTERIES[protocol].flatMap((check) => (DEFECTS_OF_CHECK[check.id] ?? []).map((defect) => `| ${protocol} | \`${defect.model}\` | ${cell(defect.description)} | \`${check.id}\` |`)),
  );
  return ['| dialect | model | what it sends | the check it is for |', '|---|---|---|---|', ...rows].join('\n') + '\n';
}
