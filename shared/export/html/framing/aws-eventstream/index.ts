// An AWS event-stream frame in the HTML report as the recording view's inspector shows it (issue
// 32, "frames as they are, beside the decoded event"): the prelude's lengths and CRC, each typed
// header, the payload as text and the message CRC, each CRC with its check — read by the framing's
// own reading (shared/framing/aws-eventstream/frame-view.ts), which the renderer uses too. Bytes
// that hold no whole frame are shown raw, as every other framing's.

import { frameOfBytes } from '../../../../framing/aws-eventstream/frame-view.ts';
import type { CrcView, FrameView } from '../../../../framing/aws-eventstream/frame-view.ts';
import { html, pre, shown } from '../../escape.ts';
import type { Html } from '../../escape.ts';
import { count } from '../../format.ts';
import { textReportFraming } from '../text.ts';
import type { ReportFraming } from '../types.ts';

function crc(view: CrcView): Html {
  return view.holds ? html`<code>${view.stated}</code> <span class="ok">(holds)</span>` : html`<code>${view.stated}</code> <span class="bad">(does not hold: the bytes give ${view.computed})</span>`;
}

function frameMarkup(frame: FrameView): Html {
  const headers = frame.headers.map((header) => html`<tr><td><code>${shown(header.name)}</code></td><td>${header.type}</td><td><code>${shown(header.value)}</code></td></tr>`);
  const headerError = frame.headerError === null ? null : html`<p class="bad">Headers past this could not be read: ${frame.headerError}.</p>`;
  const payload = frame.payloadText !== null ? pre(frame.payloadText, 'raw') : html`${pre(frame.payloadHex ?? '', 'raw')}<p class="note">The payload is not UTF-8: its first bytes in hex.</p>`;
  return html`<dl class="facts frame"><dt>total length</dt><dd>${count(frame.totalLength, 'byte')}</dd><dt>headers length</dt><dd>${count(frame.headersLength, 'byte')}</dd><dt>prelude CRC</dt><dd>${crc(frame.preludeCrc)}</dd></dl><table class="headers frame-headers"><thead><tr><th>header</th><th>type</th><th>value</th></tr></thead><tbody>${headers}</tbody></table>${headerError}<h4>payload (${count(frame.payloadLength, 'byte')})</h4>${payload}<dl class="facts frame"><dt>message CRC</dt><dd>${crc(frame.messageCrc)}</dd></dl>`;
}

export const awsEventStreamReportFraming: ReportFraming = {
  eventBytes(bytes, start, max) {
    const frame = frameOfBytes(bytes, start);
    return frame === null ? textReportFraming.eventBytes(bytes, start, max) : frameMarkup(frame);
  },
};
