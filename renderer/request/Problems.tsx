// The problems of some fields, listed under them: what stops Send, in words that say where.

import type { Field, Problem } from './validate.ts';

export function Problems({ problems, fields }: { readonly problems: readonly Problem[]; readonly fields: readonly Field[] }) {
  const shown = problems.filter((problem) => fields.includes(problem.field));
  if (shown.length === 0) return null;
  return (
    <ul className="request-problems">
      {shown.map((problem) => (
        <li key={problem.message}>{problem.message}</li>
      ))}
    </ul>
  );
}
