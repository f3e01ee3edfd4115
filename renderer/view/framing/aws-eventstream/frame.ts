// A message's frame as the inspector shows it: its bytes gathered from the recording's kept reads,
// then read by the framing's own frame view (shared/framing/aws-eventstream/frame-view.ts), the
// one the HTML report reads too.

import { bodyBytes } from '../../../../shared/analysis/body-bytes.ts';
import type { ReadInfo } from '../../../../shared/analysis/stream.ts';
import { frameOfBytes } from '../../../../shared/framing/aws-eventstream/frame-view.ts';
import type { FrameView } from '../../../../shared/framing/aws-eventstream/frame-view.ts';
import type { FramedMessage } from '../../../../shared/framing/types.ts';

/** The frame of a message as its bytes say, or null when the recording no longer holds them (a live view's reads not kept). */
export function frameOf(reads: readonly ReadInfo[], kept: readonly { readonly bytes: Uint8Array }[], message: Pick<FramedMessage, 'start' | 'end'>): FrameView | null {
  const { bytes } = bodyBytes(reads, kept, message.start, message.end);
  if (bytes.length !== message.end - message.start) return null;
  return frameOfBytes(bytes, message.start);
}
