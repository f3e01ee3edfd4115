// What a user can do with the recording on screen, in one row under its title. Each action is a
// component of the feature it belongs to (export, resend, serve as a mock endpoint, compare); this
// row only places them. A live recording gets none until it ends: its request and bytes are not
// whole yet.

import type { RecordedRequest } from '../../shared/recording/types.ts';
import { CompareWithButton } from '../compare/CompareWithDialog.tsx';
import { ExportButton } from '../export/ExportButton.tsx';
import { ServeLink } from '../mock/ServeLink.tsx';
import { ResendActions } from '../request/ResendActions.tsx';

/** `request`: the recording's request as the view holds it (null for a body imported on its own). */
export function RecordingActions({ id, live, request }: { readonly id: number; readonly live: boolean; readonly request: RecordedRequest | null }) {
  if (live) return null;
  return (
    <div className="recording-actions" role="group" aria-label="Recording actions">
      <ExportButton id={id} />
      <ServeLink id={id} />
      <ResendActions id={id} request={request} />
      <CompareWithButton id={id} />
    </div>
  );
}
