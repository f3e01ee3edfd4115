// A JSON value as a tree whose branches open and close (Enter or Space on a branch's button).
// Only open branches are drawn, and long arrays a few hundred entries at a time, so a huge
// payload costs what is open of it.

import { useState } from 'react';
import { entriesOf, isBranch, summary } from './json-view.ts';

/** Branches this shallow start open. */
const OPEN_DEPTH = 3;
/** Entries drawn at first, and at each "show more". */
const PAGE = 200;

export function JsonTree({ value, label, testId }: { readonly value: unknown; readonly label: string; readonly testId?: string }) {
  return (
    <ul className="json-tree" aria-label={label} data-testid={testId}>
      <JsonNode name={null} value={value} depth={0} />
    </ul>
  );
}

function leafClass(value: unknown): string {
  return `json-leaf json-${value === null ? 'null' : typeof value}`;
}

/** What the reader made of one branch: opened or closed it, asked for more of its entries. */
interface Choice {
  /** The value it was made of. */
  readonly of: unknown;
  readonly open: boolean;
  readonly limit: number;
}

function JsonNode({ name, value, depth }: { readonly name: string | null; readonly value: unknown; readonly depth: number }) {
  // Kept with the value it was made of, not the node: the inspector draws the next event's tree
  // in the same nodes (a replay on screen changes event every frame, and remounting the tree
  // each time cost more than the rest of the frame), and that tree starts as a new one would.
  const [choice, setChoice] = useState<Choice | null>(null);
  const mine = choice !== null && choice.of === value ? choice : null;
  const open = mine?.open ?? depth < OPEN_DEPTH;
  const limit = mine?.limit ?? PAGE;
  const setOpen = (next: boolean): void => setChoice({ of: value, open: next, limit });
  const setLimit = (next: number): void => setChoice({ of: value, open, limit: next });
  const key = name === null ? null : <span className="json-key">{name}</span>;
  if (!isBranch(value)) {
    return (
      <li>
        {key}
        {key && ': '}
        <span className={leafClass(value)}>{summary(value)}</span>
      </li>
    );
  }
  const entries = open ? entriesOf(value) : [];
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return (
    <li>
      <button type="button" className="json-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="json-caret">
          {open ? '▾' : '▸'}
        </span>
        {key ?? <span className="json-key">(payload)</span>}
      </button>
      {': '}
      {open ? (
        <>
          <span className="json-bracket">{brackets[0]}</span>
          {entries.length > 0 && (
            <ul>
              {entries.slice(0, limit).map((entry) => (
                <JsonNode key={entry.key} name={entry.key} value={entry.value} depth={depth + 1} />
              ))}
              {entries.length > limit && (
                <li>
                  <button type="button" className="json-more" onClick={() => setLimit(limit + PAGE)}>
                    Show {Math.min(PAGE, entries.length - limit)} more of {entries.length - limit} left
                  </button>
                </li>
              )}
            </ul>
          )}
          <span className="json-bracket">{brackets[1]}</span>
        </>
      ) : (
        <span className="json-summary">{summary(value)}</span>
      )}
    </li>
  );
}
