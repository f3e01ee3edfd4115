// A text block that shows at most LONG_TEXT characters until asked for all of it. A message of a
// hundred thousand tokens is half a megabyte of text: laid out whole, it costs the page a tenth
// of a second every time it is drawn (opening, every live frame, every scrub step), and nobody
// reads it in that box.

import { useState } from 'react';
import { formatCount } from '../../components/format.ts';

export const LONG_TEXT = 20_000;

export function LongText({ text, className, testId }: { readonly text: string; readonly className: string; readonly testId?: string }) {
  const [all, setAll] = useState(false);
  if (all || text.length <= LONG_TEXT) {
    return (
      <div className={className} data-testid={testId}>
        {text}
      </div>
    );
  }
  return (
    <div className={className} data-testid={testId} data-cut={text.length - LONG_TEXT}>
      {text.slice(0, LONG_TEXT)}
      {/* A block of its own: the count changes with every event of a replay or a live stream, and
          inside the text's paragraph it would make the browser lay all of that text out again. */}
      <span className="long-text-more">
        … and {formatCount(text.length - LONG_TEXT)} more characters{' '}
        <button type="button" className="long-text-all" onClick={() => setAll(true)}>
          Show all {formatCount(text.length)} characters
        </button>
      </span>
    </div>
  );
}
