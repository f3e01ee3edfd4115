// What a framing adds to the HTML report: how an event's bytes are shown when its row in the
// events table is opened. Each framing's is in its own folder, registered in ./registry.ts.

import type { Html } from '../escape.ts';

export interface ReportFraming {
  /** An event's bytes (body offsets `start` onwards) as the opened row shows them, at most `max` of them as raw text. */
  eventBytes(bytes: Uint8Array, start: number, max: number): Html;
}
