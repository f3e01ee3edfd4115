// Copy to the clipboard, saying so; when the page may not (no permission, no focus), the text is
// selected instead, for the user's own Ctrl+C.

import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { copyText } from '../export/deliver.ts';

type Copying = 'idle' | 'copied' | 'refused';

/** How long "Copied" stays. */
const CONFIRM_MS = 2_500;

export function CopyButton({ text, target, what }: { readonly text: string; readonly target: RefObject<HTMLElement | null>; readonly what: string }) {
  const [state, setState] = useState<Copying>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = (): void => {
    copyText(text).then(
      () => setState('copied'),
      () => {
        if (target.current) selectContents(target.current);
        setState('refused');
      },
    );
  };

  return (
    <span className="copy">
      <button type="button" className="secondary" aria-label={`Copy ${what}`} onClick={copy}>
        Copy
      </button>
      <span role="status" className={state === 'refused' ? 'copy-note warning' : 'copy-note'}>
        {state === 'copied' ? 'Copied' : state === 'refused' ? 'The clipboard was refused: the text is selected, press Ctrl+C' : ''}
      </span>
    </span>
  );
}

function selectContents(element: HTMLElement): void {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
