// Export one recording: every format the backend offers, with its description; picking one
// exports it and shows the start of the file, with Save, Copy (text) and, for the HTML report,
// Open in browser. A modal dialog: the page behind is inert, Tab stays inside, Escape closes.

import { useEffect, useId, useRef, useState } from 'react';
import type { ExportedFile, ExportFormatInfo } from '../../shared/api/contract.ts';
import type { ExportFormat } from '../../shared/export/types.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatBytes } from '../components/format.ts';
import { copyText, openInBrowser, saveFile } from './deliver.ts';
import { previewExtent, previewOf } from './preview.ts';
import type { ExportPreview } from './preview.ts';
import { Modal } from '../components/Modal.tsx';
import './export.css';

interface ExportDialogProps {
  readonly id: number;
  readonly onClose: () => void;
}

type Formats = { readonly state: 'loading' } | { readonly state: 'error'; readonly message: string } | { readonly state: 'ready'; readonly formats: readonly ExportFormatInfo[] };

type Exported =
  | { readonly state: 'none' }
  | { readonly state: 'loading'; readonly format: ExportFormat }
  | { readonly state: 'error'; readonly format: ExportFormat; readonly message: string }
  | { readonly state: 'ready'; readonly format: ExportFormat; readonly file: ExportedFile; readonly preview: ExportPreview };

export function ExportDialog({ id, onClose }: ExportDialogProps) {
  const titleId = useId();
  const [formats, setFormats] = useState<Formats>({ state: 'loading' });
  const [exported, setExported] = useState<Exported>({ state: 'none' });
  const [copied, setCopied] = useState<string | null>(null);
  // Only the last format picked may show: an earlier, slower export is dropped when it comes.
  const latest = useRef(0);

  useEffect(() => {
    let current = true;
    api.listExportFormats({}).then(
      (list) => current && setFormats({ state: 'ready', formats: list }),
      (error: unknown) => current && setFormats({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  const choose = (format: ExportFormat) => {
    const request = ++latest.current;
    setCopied(null);
    setExported({ state: 'loading', format });
    api.exportRecording({ id, format }).then(
      (file) => request === latest.current && setExported({ state: 'ready', format, file, preview: previewOf(file.content) }),
      (error: unknown) => request === latest.current && setExported({ state: 'error', format, message: errorMessage(error) }),
    );
  };

  const chosen = exported.state === 'none' ? null : exported.format;

  return (
    <Modal className="export-dialog" labelledBy={titleId} onClose={onClose} testId="export-dialog">
      <header className="export-header">
        <h2 id={titleId}>Export recording #{id}</h2>
        <button type="button" className="export-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="export-body">
        <div className="export-formats">
          <fieldset>
            <legend>Format</legend>
            {formats.state === 'loading' && <p className="muted">Loading the formats…</p>}
            <ErrorLine message={formats.state === 'error' ? formats.message : null} />
            {formats.state === 'ready' &&
              formats.formats.map((info) => (
                <label key={info.format} className="export-format" data-testid={`export-format-${info.format}`}>
                  <input type="radio" name="export-format" value={info.format} checked={chosen === info.format} onChange={() => choose(info.format)} />
                  <span className="export-format-name">
                    {info.format} <span className="muted">{info.extension}</span>
                  </span>
                  <span className="export-format-description muted">{info.description}</span>
                </label>
              ))}
          </fieldset>
        </div>
        <div className="export-result" aria-live="polite" aria-busy={exported.state === 'loading'}>
          {exported.state === 'none' && <p className="muted export-empty">Pick a format to see the file it makes.</p>}
          {exported.state === 'loading' && <p className="muted export-empty">Exporting as {exported.format}…</p>}
          {exported.state === 'error' && <ErrorLine message={exported.message} />}
          {exported.state === 'ready' && <ExportedView id={id} file={exported.file} format={exported.format} preview={exported.preview} copied={copied} onCopied={setCopied} />}
        </div>
      </div>
    </Modal>
  );
}

interface ExportedViewProps {
  /** The recording exported. */
  readonly id: number;
  readonly file: ExportedFile;
  readonly format: ExportFormat;
  readonly preview: ExportPreview;
  readonly copied: string | null;
  readonly onCopied: (words: string) => void;
}

function ExportedView({ id, file, format, preview, copied, onCopied }: ExportedViewProps) {
  return (
    <>
      <p className="export-file" data-testid="export-file">
        <span className="export-file-name">{file.fileName}</span> <span className="muted">{formatBytes(preview.size)}</span>
        {preview.kind === 'text' && <span className="muted"> · {previewExtent(preview)}</span>}
      </p>
      {preview.kind === 'text' ? (
        <pre className="export-preview" tabIndex={0} aria-label={`Preview of ${file.fileName}`} data-testid="export-preview">
          {preview.shown}
        </pre>
      ) : (
        <p className="export-binary muted" data-testid="export-preview">
          Not text: {formatBytes(preview.size)} of {file.mediaType}, no preview.
        </p>
      )}
      <div className="export-actions">
        <button type="button" onClick={() => saveFile(file)}>
          Save
        </button>
        {preview.kind === 'text' && (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              copyText(preview.text).then(
                () => onCopied('Copied to the clipboard.'),
                (error: unknown) => onCopied(`Could not copy: ${errorMessage(error)}`),
              )
            }
          >
            Copy
          </button>
        )}
        {format === 'html' && (
          <button type="button" className="secondary" onClick={() => openInBrowser(file, id).catch((error: unknown) => onCopied(`Could not open it: ${errorMessage(error)}`))}>
            Open in browser
          </button>
        )}
        <span className="muted" role="status">
          {copied}
        </span>
      </div>
    </>
  );
}
