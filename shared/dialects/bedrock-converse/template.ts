// Most frames of a long ConverseStream answer are the contentBlockDelta before with another piece
// of text (or of reasoning, or of a tool's input) and another random `p` padding: the same block
// index, byte for byte, around a different string. Such a payload needs no JSON.parse (half of its
// reading, and most of the garbage), as the other dialects found (kit/template.ts): its reading is
// the template's with the new text and padding. A template is trusted once a probe — the same
// payload with values no stream carries, read in full — reads as the template's reading with those
// values; anything else, or any doubt, is read in full.

import { PROBE_INTEGERS, PROBE_STRINGS, Template } from '../kit/template.ts';
import type { TemplateField } from '../kit/template.ts';
import { NOTHING } from '../kit/common.ts';
import type { MessageFields } from '../../framing/types.ts';
import { quotedBytes } from './padding.ts';
import type { ConverseInterpretation } from './interpret.ts';
import type { ConverseOp, DeltaOp } from './ops.ts';

type DeltaReading = Extract<ConverseOp, { op: 'delta' }>;
/** The deltas a template is for: one piece of a string. */
type PieceDelta = Extract<DeltaOp, { type: 'text' | 'reasoning-text' | 'tool-input' }>;

/** The piece first (a template is for it), then the block index and the padding, which change from frame to frame. */
const TEXT_FIELDS: readonly TemplateField[] = [
  { key: 'text', type: 'string' },
  { key: 'contentBlockIndex', type: 'integer' },
  { key: 'p', type: 'string' },
];
const INPUT_FIELDS: readonly TemplateField[] = [{ key: 'input', type: 'string' }, ...TEXT_FIELDS.slice(1)];
const INDEX = 1;
const PADDING = 2;

interface Known {
  readonly template: Template;
  /** The frame's `:event-type` and `:message-type`: a frame with others is another event. */
  readonly event: string;
  readonly messageType: string | null;
  readonly reading: ConverseInterpretation;
  readonly op: DeltaReading;
  readonly delta: PieceDelta;
  /** The padding's bytes but its value's (its key, quotes and comma), when the template has a place for it. */
  readonly paddingBase: number;
}

/** Templates of recent delta frames, the last used first. */
const templates: Known[] = [];
const MAX_TEMPLATES = 4;
const values: (string | number | null)[] = TEXT_FIELDS.map(() => null);

/** The reading of the frame from a recent template, or null when none matches (read it in full). */
export function fromTemplate(event: MessageFields, messageType: string | null): ConverseInterpretation | null {
  const data = event.data;
  if (data === null) return null;
  for (let i = 0; i < templates.length; i++) {
    const known = templates[i]!;
    if (known.event !== event.event || known.messageType !== messageType || !known.template.match(data, values)) continue;
    // An empty piece carries no token: read in full.
    if (values[0] === '') return null;
    if (i > 0) templates.unshift(templates.splice(i, 1)[0]!);
    return build(known, values);
  }
  return null;
}

function build(known: Known, from: readonly (string | number | null)[]): ConverseInterpretation {
  const { template, reading, op, delta, paddingBase } = known;
  const piece = from[0] as string;
  const deltas: DeltaOp[] = [delta.type === 'tool-input' ? { type: 'tool-input', input: piece } : { ...delta, text: piece }];
  const index = template.has(INDEX) ? (from[INDEX] as number) : op.index;
  const paddingBytes = template.has(PADDING) ? paddingBase + quotedBytes(from[PADDING] as string) : reading.paddingBytes;
  return { kind: reading.kind, ops: [{ op: 'delta', index, deltas }], problems: NOTHING, tokens: reading.tokens, paddingBytes };
}

/** Keeps a template of a delta frame of one piece of text or input once a probe proves its places. */
export function learn(event: MessageFields, messageType: string | null, reading: ConverseInterpretation, inFull: (event: MessageFields) => ConverseInterpretation): void {
  const data = event.data;
  if (data === null || event.event === null || reading.problems.length > 0 || reading.ops.length !== 1) return;
  const op = reading.ops[0]!;
  if (op.op !== 'delta' || op.deltas.length !== 1) return;
  const delta = op.deltas[0]!;
  if (delta.type !== 'text' && delta.type !== 'reasoning-text' && delta.type !== 'tool-input') return;
  const piece = delta.type === 'tool-input' ? delta.input : delta.text;
  if (piece === '') return;
  const fields = delta.type === 'tool-input' ? INPUT_FIELDS : TEXT_FIELDS;
  const template = Template.learn(data, event.event, fields);
  if (template === null) return;
  // The learned payload's own padding, as the template reads it.
  const learned: (string | number | null)[] = fields.map(() => null);
  if (!template.match(data, learned)) return;
  const paddingBase = template.has(PADDING) ? reading.paddingBytes - quotedBytes(learned[PADDING] as string) : 0;
  const known: Known = { template, event: event.event, messageType, reading, op, delta, paddingBase };
  const probeValues = fields.map((field, i) => (field.type === 'string' ? PROBE_STRINGS[i]! : PROBE_INTEGERS[i]!));
  const probe = inFull({ ...event, data: template.probe() });
  if (JSON.stringify(probe) !== JSON.stringify(build(known, probeValues))) return;
  templates.unshift(known);
  if (templates.length > MAX_TEMPLATES) templates.pop();
}
