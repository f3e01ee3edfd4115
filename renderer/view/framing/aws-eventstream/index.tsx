// AWS event-stream messages as the events table and the inspector show them (issue 32: "frames as
// they are, beside the decoded event"): the row marks the frame's length and a frame that is not
// an event (an exception inside a 200, which clients swallow); the inspector lists the prelude, each
// header with its type and value, the payload and both CRCs with their check (./frame.ts). The
// headers are the frame's own, not fields outside a standard: none is listed as unknown.

import { useMemo } from 'react';
import { formatCount } from '../../../components/format.ts';
import type { FramingSectionProps, FramingView, RowChip } from '../types.ts';
import type { CrcView } from '../../../../shared/framing/aws-eventstream/frame-view.ts';
import { frameOf } from './frame.ts';
import '../framing.css';

const NONE: readonly never[] = [];

function chips(message: FramingSectionProps['event']['sse']): readonly RowChip[] {
  const length: RowChip = { text: `${formatCount(message.end - message.start)} B`, title: 'The frame’s total length: prelude, headers, payload and CRCs', bad: false };
  const type = message.unknownFields.find((field) => field.name === ':message-type')?.value;
  if (type === undefined || type === 'event') return [length];
  const sentence = type === 'exception' ? 'An exception frame inside the 200: a client reading only events swallows it' : type === 'error' ? 'An error frame: its :error-code and :error-message say what failed' : 'A :message-type the event stream does not define';
  return [{ text: `:message-type ${type}`, title: sentence, bad: type === 'exception' || type === 'error' }, length];
}

function Crc({ label, crc, testId }: { readonly label: string; readonly crc: CrcView; readonly testId: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId} className={crc.holds ? undefined : 'frame-bad'}>
        <code>{crc.stated}</code> {crc.holds ? '(holds)' : `(does not hold: the bytes give ${crc.computed})`}
      </dd>
    </>
  );
}

function FrameSection({ event, analysis }: FramingSectionProps) {
  const { sse } = event;
  const frame = useMemo(() => frameOf(analysis.reads, analysis.recording.reads, sse), [analysis.reads, analysis.recording.reads, sse]);
  return (
    <section aria-label="Frame" data-testid="frame">
      <h3>Frame</h3>
      {frame === null ? (
        <p className="inspector-note">The frame’s bytes are not held here, so its prelude and headers cannot be shown.</p>
      ) : (
        <>
          <p className="frame-range">
            Bytes {formatCount(frame.start)}–{formatCount(frame.end)} of the body: a {formatCount(frame.totalLength)}-byte frame.
          </p>
          <dl className="frame-prelude" data-testid="frame-prelude">
            <dt>total length</dt>
            <dd>{formatCount(frame.totalLength)} bytes</dd>
            <dt>headers length</dt>
            <dd>{formatCount(frame.headersLength)} bytes</dd>
            <Crc label="prelude CRC" crc={frame.preludeCrc} testId="frame-prelude-crc" />
          </dl>
          <h4>{frame.headers.length === 1 ? 'Its header' : `Its ${formatCount(frame.headers.length)} headers`}</h4>
          <table className="frame-headers" data-testid="frame-headers">
            <thead>
              <tr>
                <th scope="col">name</th>
                <th scope="col">type</th>
                <th scope="col">value</th>
              </tr>
            </thead>
            <tbody>
              {frame.headers.map((header, i) => (
                <tr key={i}>
                  <td>
                    <code>{header.name}</code>
                  </td>
                  <td>{header.type}</td>
                  <td>
                    <code>{header.value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {frame.headerError !== null && <p className="frame-bad">Headers past this could not be read: {frame.headerError}.</p>}
          <h4>
            Its payload ({formatCount(frame.payloadLength)} {frame.payloadLength === 1 ? 'byte' : 'bytes'})
          </h4>
          <pre className="frame-payload" data-testid="frame-payload">
            {frame.payloadText ?? `not UTF-8: ${frame.payloadHex}`}
          </pre>
          <dl className="frame-prelude">
            <Crc label="message CRC" crc={frame.messageCrc} testId="frame-message-crc" />
          </dl>
        </>
      )}
    </section>
  );
}

export const awsEventStreamView: FramingView = {
  extensions: () => NONE,
  chips,
  unknownFields: () => NONE,
  unknownNote: '',
  Section: FrameSection,
};
