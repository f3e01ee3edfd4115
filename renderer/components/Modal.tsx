// A modal dialog as the WAI-ARIA APG "Dialog (Modal)" pattern has it: opened with showModal (the
// page behind is inert), Tab kept inside, Escape closes, and focus goes back to what opened it.
// The owner mounts it to open it and unmounts it to close it.

import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { trapTab } from './trap-tab.ts';

export interface ModalProps {
  readonly className: string;
  /** The id of the dialog's title. */
  readonly labelledBy: string;
  readonly onClose: () => void;
  /** What takes the focus once open (else the browser's pick: the first focusable element). */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly testId?: string;
  readonly children: ReactNode;
}

export function Modal({ className, labelledBy, onClose, initialFocus, testId, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- opened once, on mount

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-modal="true"
      aria-labelledby={labelledBy}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: the owner unmounts the dialog, which closes it.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => trapTab(event.nativeEvent, event.currentTarget)}
    >
      {children}
    </dialog>
  );
}
