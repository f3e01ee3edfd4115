// What can be done to the selected recordings at once: tag, untag, delete; compare, when two are.

import { useState } from 'react';
import { formatCount } from '../components/format.ts';
import { routeHash } from '../route.ts';
import type { Route } from '../route.ts';
import { parseTags } from './tags.ts';

interface BulkBarProps {
  readonly count: number;
  readonly busy: boolean;
  readonly onTag: (tags: string[], remove: boolean) => void;
  readonly onDelete: () => void;
  readonly onClear: () => void;
  /** The comparison of the two selected recordings; null unless exactly two are. */
  readonly compare: Route | null;
}

export function BulkBar({ count, busy, onTag, onDelete, onClear, compare }: BulkBarProps) {
  const [text, setText] = useState('');
  const tags = parseTags(text);
  function tag(remove: boolean): void {
    onTag(tags, remove);
    setText('');
  }
  return (
    <div className="history-bulk" role="toolbar" aria-label="Selected recordings" data-testid="bulk-bar">
      <strong>{formatCount(count)} selected</strong>
      {compare && (
        <a className="secondary" href={routeHash(compare)}>
          Compare
        </a>
      )}
      <form
        className="history-bulk-tag"
        onSubmit={(event) => {
          event.preventDefault();
          if (tags.length > 0) tag(false);
        }}
      >
        <input className="field" aria-label="Tag for the selected recordings" placeholder="tag, tag" maxLength={200} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" disabled={busy || tags.length === 0}>
          Add tag
        </button>
        <button type="button" className="history-quiet" disabled={busy || tags.length === 0} onClick={() => tag(true)}>
          Remove tag
        </button>
      </form>
      <button type="button" className="history-danger" disabled={busy} onClick={onDelete}>
        Delete {formatCount(count)}
      </button>
      <button type="button" className="history-quiet" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
