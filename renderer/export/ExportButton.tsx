// "Export…": opens the export dialog for one recording (the recording view's header holds it).

import { useState } from 'react';
import { useCommand } from '../shell/commands.ts';
import { ExportDialog } from './ExportDialog.tsx';

export function ExportButton({ id }: { readonly id: number }) {
  const [open, setOpen] = useState(false);
  useCommand('export', () => setOpen(true));
  return (
    <>
      <button type="button" className="secondary" aria-haspopup="dialog" aria-keyshortcuts="e" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        Export…
      </button>
      {open && <ExportDialog id={id} onClose={() => setOpen(false)} />}
    </>
  );
}
