// What a run will send, before it is started: each ticked dialect's checks, what each asks and
// its rules (`listChecks`, from the one table in shared/conformance/server/), folded away.

import { useEffect, useState } from 'react';
import type { CheckInfo } from '../../shared/api/checks.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { api } from '../api/index.ts';
import { dialectName } from '../components/dialect-names.ts';
import { byDialect } from './battery.ts';
import { ExpectedRules } from './ExpectedRules.tsx';

export function Battery({ protocols }: { readonly protocols: readonly Protocol[] }) {
  const [checks, setChecks] = useState<readonly CheckInfo[] | null>(null);
  useEffect(() => {
    let current = true;
    // Without the list the form still works: the section is only left out.
    api.listChecks({}).then(
      (listed) => current && setChecks(listed),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  if (checks === null) return null;
  const batteries = byDialect(checks, protocols);
  const count = batteries.reduce((sum, battery) => sum + battery.checks.length, 0);
  return (
    <details className="check-battery" data-testid="check-battery">
      <summary>
        What a run sends: {count} {count === 1 ? 'check' : 'checks'}
      </summary>
      {batteries.map((battery) => (
        <section key={battery.protocol} className="check-battery-dialect" aria-label={dialectName(battery.protocol)}>
          <h3>{dialectName(battery.protocol)}</h3>
          <ul>
            {battery.checks.map((check) => (
              <li key={check.id}>
                <code>{check.id}</code> {check.asks}
                <ExpectedRules asks={null} expected={check.expected} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
