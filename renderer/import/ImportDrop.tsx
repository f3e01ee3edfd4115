// Import on the home page: files dropped anywhere on the page, or picked with "Import files…",
// each read and sent to the backend in turn, with a line per file saying where it got to and,
// at the end, the recordings it became or the backend's reason it is not one.

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { routeHash } from '../route.ts';
import { useCommand } from '../shell/commands.ts';
import { notifyImported } from './imported.ts';
import { importReducer, isDone, progressWords } from './import-state.ts';
import type { ImportAction, ImportItem } from './import-state.ts';
import { readBytes } from './read-bytes.ts';
import './import.css';

let nextKey = 1;

export function ImportDrop() {
  const [items, dispatch] = useReducer(importReducer, []);
  const input = useRef<HTMLInputElement>(null);
  // One file at a time: a few large captures are not all held in memory at once, and ids come in the order picked.
  const queue = useRef<Promise<void>>(Promise.resolve());
  useCommand('import', () => input.current?.click());

  const start = useCallback((files: readonly File[]) => {
    if (files.length === 0) return;
    const added = files.map((file) => ({ key: nextKey++, file }));
    dispatch({ type: 'added', files: added.map(({ key, file }) => ({ key, name: file.name, size: file.size })) });
    for (const { key, file } of added) queue.current = queue.current.then(() => importOne(key, file, dispatch));
  }, []);

  const dragging = useFileDrag(start);

  return (
    <section className="import" aria-labelledby="import-heading" data-testid="import">
      <h2 id="import-heading">Import</h2>
      <div className="import-actions">
        <button type="button" onClick={() => input.current?.click()} aria-keyshortcuts="i">
          Import files…
        </button>
        <p className="muted">
          or drop them anywhere on this page: <code>.sse</code> bodies, <code>.ssrec.jsonl</code> recordings, HAR files, and curl traces (
          <code>--trace --trace-time</code>).
        </p>
        {/* Any name: a curl trace may be called anything, so the dialog filters nothing. */}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Files to import"
          data-testid="import-input"
          onChange={(event) => {
            start([...(event.currentTarget.files ?? [])]);
            // The same file may be picked again (after fixing it, say).
            event.currentTarget.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <>
          <ul className="import-results" aria-label="Imported files" aria-live="polite">
            {items.map((item) => (
              <ImportLine key={item.key} item={item} />
            ))}
          </ul>
          {items.some(isDone) && (
            <button type="button" className="import-clear" onClick={() => dispatch({ type: 'cleared' })}>
              Clear finished
            </button>
          )}
        </>
      )}
      {dragging && (
        <div className="import-dropzone" data-testid="import-dropzone" aria-hidden="true">
          <p>Drop to import</p>
        </div>
      )}
    </section>
  );
}

async function importOne(key: number, file: File, dispatch: (action: ImportAction) => void): Promise<void> {
  try {
    dispatch({ type: 'reading', key, loaded: 0 });
    const bytes = await readBytes(file, (loaded) => dispatch({ type: 'reading', key, loaded }));
    dispatch({ type: 'sending', key, bytes });
    // Encoding a large file for the call holds the page for a moment: say "sending" first.
    await painted();
    const { ids } = await api.importFile({ name: file.name, bytes });
    dispatch({ type: 'imported', key, ids });
    notifyImported(ids);
  } catch (error) {
    dispatch({ type: 'failed', key, message: errorMessage(error) });
  }
}

/** Resolves once the page has had a chance to draw (a hidden tab draws no frames: a timer stands in). */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

function ImportLine({ item }: { readonly item: ImportItem }) {
  return (
    <li className={`import-line import-${item.stage}`} data-testid="import-line" data-stage={item.stage}>
      <span className="import-name">{item.name}</span>
      {(item.stage === 'reading' || item.stage === 'sending') && (
        // Sending has no measure of its own (the call is one request): the bar then only says it is under way.
        <progress className="import-progress" aria-label={`${item.name}: ${item.stage}`} {...(item.stage === 'reading' ? { value: item.loaded, max: Math.max(item.size, 1) } : {})} />
      )}
      <span className={item.stage === 'failed' ? 'import-status error' : 'import-status'} data-testid="import-status">
        {progressWords(item)}
        {item.stage === 'imported' &&
          item.ids.map((id, i) => (
            <span key={id}>
              {i === 0 ? ' ' : ', '}
              <a href={routeHash({ view: 'recording', id })}>#{id}</a>
            </span>
          ))}
      </span>
    </li>
  );
}

/** Whether files are being dragged over the page; calls `onDrop` with what was dropped. */
function useFileDrag(onDrop: (files: readonly File[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    // dragenter and dragleave come in pairs for every element crossed: the drag has left the page when they balance.
    let depth = 0;
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser opens the file instead of handing it to the page.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      onDrop([...(event.dataTransfer?.files ?? [])]);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onDrop]);
  return dragging;
}
