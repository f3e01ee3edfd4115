// "Keyboard shortcuts" (`?`): every command with its key, and its menu shortcut in the desktop
// app, from the one list in shared/commands.ts.

import { useId } from 'react';
import { COMMANDS } from '../../shared/commands.ts';
import type { CommandScope } from '../../shared/commands.ts';
import { Modal } from '../components/Modal.tsx';

const SCOPES: readonly { readonly scope: CommandScope; readonly title: string }[] = [
  { scope: 'app', title: 'Anywhere' },
  { scope: 'recording', title: 'In a recording' },
];

/** How a key reads on a key cap. */
const KEY_NAMES: Readonly<Record<string, string>> = { Backspace: '⌫ Backspace', ',': ', (comma)', '.': '. (full stop)' };

export function ShortcutsDialog({ onClose, desktop }: { readonly onClose: () => void; readonly desktop: boolean }) {
  const titleId = useId();

  return (
    <Modal className="shortcuts-dialog" labelledBy={titleId} onClose={onClose}>
      <header>
        <h2 id={titleId}>Keyboard shortcuts</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </header>
      <p className="muted">Single keys work anywhere but in a text field.{desktop ? ' The menu shortcuts work everywhere.' : ''}</p>
      {SCOPES.map(({ scope, title }) => (
        <table key={scope} className="shortcuts-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Command</th>
              <th scope="col">Key</th>
              {desktop && <th scope="col">Menu</th>}
            </tr>
          </thead>
          <tbody>
            {COMMANDS.filter((command) => command.scope === scope).map((command) => (
              <tr key={command.id}>
                <td>{command.label.replace('…', '')}</td>
                <td>
                  <kbd>{KEY_NAMES[command.key] ?? command.key}</kbd>
                </td>
                {desktop && <td>{'accelerator' in command ? <kbd>{command.accelerator.replace('CmdOrCtrl', navigator.platform.startsWith('Mac') ? '⌘' : 'Ctrl')}</kbd> : '–'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </Modal>
  );
}
