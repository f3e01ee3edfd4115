// A recording's tags, edited over its row: every tag with its remove button, and a field that
// adds what is typed (commas between several) on Enter. Escape, Done or leaving it closes it.

import { useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { parseTags, withoutTags, withTags } from './tags.ts';

interface TagEditorProps {
  readonly title: string;
  readonly tags: readonly string[];
  /** Saves a new list of tags (the editor stays open). */
  readonly onChange: (tags: readonly string[]) => void;
  /** `refocus`: closed by Escape or Done, so the list takes the focus back. */
  readonly onClose: (refocus: boolean) => void;
}

export function TagEditor({ title, tags, onChange, onClose }: TagEditorProps) {
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const closed = useRef(false);

  function close(refocus: boolean): void {
    if (closed.current) return;
    closed.current = true;
    onClose(refocus);
  }

  function add(): void {
    const added = parseTags(text);
    setText('');
    if (added.length > 0) onChange(withTags(tags, added));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    // The grid's keys (Delete, Enter, arrows) must not act on the row while its tags are edited.
    event.stopPropagation();
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Enter' && event.target === field.current) {
      event.preventDefault();
      add();
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>): void {
    if (closed.current || event.currentTarget.contains(event.relatedTarget)) return;
    add();
    close(false);
  }

  return (
    <div className="history-tag-editor" role="group" aria-label={`Tags of ${title}`} onKeyDown={onKeyDown} onBlur={onBlur} data-testid="tag-editor">
      {tags.map((tag) => (
        <span key={tag} className="history-tag" title={tag}>
          <span className="history-tag-text">{tag}</span>
          <button
            type="button"
            aria-label={`Remove tag ${tag} from ${title}`}
            onClick={() => {
              onChange(withoutTags(tags, [tag]));
              field.current?.focus();
            }}
          >
            ×
          </button>
        </span>
      ))}
      <input
        ref={field}
        className="field history-tag-field"
        aria-label="New tag"
        autoFocus
        value={text}
        placeholder={tags.length === 0 ? 'tag, tag' : 'another tag'}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="button"
        className="history-quiet"
        onClick={() => {
          add();
          close(true);
        }}
      >
        Done
      </button>
    </div>
  );
}
