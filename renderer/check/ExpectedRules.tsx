// What a check asks of the server and every rule it applies (shared/conformance's one table),
// folded away until asked for.

export function ExpectedRules({ asks, expected }: { readonly asks: string | null; readonly expected: readonly string[] }) {
  return (
    <details className="check-expected">
      <summary>Expected ({expected.length} {expected.length === 1 ? 'rule' : 'rules'})</summary>
      {asks !== null && <p className="muted">{asks}</p>}
      <ul>
        {expected.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </details>
  );
}
