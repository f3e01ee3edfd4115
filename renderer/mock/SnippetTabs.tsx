// A program that asks the server for its recording, in the user's language and the recording's
// dialect (ARIA tabs: arrow keys, Home and End move between them).

import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { replaySnippet, SNIPPET_LANGUAGES, snippetNote } from '../../shared/replay/snippet.ts';
import type { SnippetLanguage, SnippetRequest } from '../../shared/replay/snippet.ts';
import { CopyButton } from './CopyButton.tsx';

const NAMES: Readonly<Record<SnippetLanguage, string>> = { typescript: 'TypeScript', python: 'Python', curl: 'curl' };

export function SnippetTabs({ baseUrl, request }: { readonly baseUrl: string; readonly request: SnippetRequest }) {
  const [language, setLanguage] = useState<SnippetLanguage>('typescript');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const code = useRef<HTMLPreElement>(null);
  const id = useId();
  const text = replaySnippet(language, baseUrl, request).join('\n');

  const onKeyDown = (event: KeyboardEvent): void => {
    const at = SNIPPET_LANGUAGES.indexOf(language);
    const last = SNIPPET_LANGUAGES.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setLanguage(SNIPPET_LANGUAGES[to]!);
    tabs.current[to]?.focus();
  };

  return (
    <div className="mock-snippet">
      <div className="mock-snippet-bar">
        <div role="tablist" aria-label="Snippet language" onKeyDown={onKeyDown}>
          {SNIPPET_LANGUAGES.map((each, index) => (
            <button
              key={each}
              ref={(element) => void (tabs.current[index] = element)}
              type="button"
              role="tab"
              id={`${id}-${each}`}
              aria-selected={each === language}
              aria-controls={`${id}-panel`}
              tabIndex={each === language ? 0 : -1}
              onClick={() => setLanguage(each)}
            >
              {NAMES[each]}
            </button>
          ))}
        </div>
        <CopyButton text={text} target={code} what={`${NAMES[language]} snippet`} />
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${language}`}>
        <p className="muted mock-snippet-note">{snippetNote(language, request.protocol)}</p>
        <pre ref={code} tabIndex={0} data-testid="mock-snippet" aria-label={`${NAMES[language]} snippet`}>
          <code>{text}</code>
        </pre>
      </div>
    </div>
  );
}
