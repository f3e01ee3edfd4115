// What to paste to point an app at one of the proxy's base URLs, per client (the backend's
// snippets: shared/capture/snippets.ts), each with its note (two clients change behaviour when
// a base URL is set). ARIA tabs, as the mock endpoints' snippets: arrow keys, Home and End move
// between them.

import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { CaptureSnippet } from '../../shared/capture/snippets.ts';
import { CopyButton } from '../mock/CopyButton.tsx';

export function ClientSnippets({ snippets, label }: { readonly snippets: readonly CaptureSnippet[]; readonly label: string }) {
  const [chosen, setChosen] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const code = useRef<HTMLPreElement>(null);
  const id = useId();
  if (snippets.length === 0) return null;
  const at = Math.min(chosen, snippets.length - 1);
  const snippet = snippets[at]!;

  const onKeyDown = (event: KeyboardEvent): void => {
    const last = snippets.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setChosen(to);
    tabs.current[to]?.focus();
  };

  return (
    <div className="mock-snippet capture-snippets">
      <div className="mock-snippet-bar">
        <div role="tablist" aria-label={label} onKeyDown={onKeyDown}>
          {snippets.map((each, index) => (
            <button
              key={each.client}
              ref={(element) => void (tabs.current[index] = element)}
              type="button"
              role="tab"
              id={`${id}-${index}`}
              aria-selected={index === at}
              aria-controls={`${id}-panel`}
              tabIndex={index === at ? 0 : -1}
              onClick={() => setChosen(index)}
            >
              {each.client}
            </button>
          ))}
        </div>
        <CopyButton text={snippet.text} target={code} what={`${snippet.client} snippet`} />
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${at}`}>
        {snippet.note !== undefined && (
          <p className="capture-snippet-note" data-testid="capture-snippet-note">
            Note: {snippet.note}.
          </p>
        )}
        <pre ref={code} tabIndex={0} data-testid="capture-snippet" aria-label={`${snippet.client} snippet`}>
          <code>{snippet.text}</code>
        </pre>
      </div>
    </div>
  );
}
