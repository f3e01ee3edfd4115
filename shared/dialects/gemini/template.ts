// Most events of a long Gemini answer are the event before with another piece of text and higher
// counts: the same candidate, role, model and response id, byte for byte, around a different
// `"text": "…"` and different `candidatesTokenCount` / `totalTokenCount` / … integers. Such an event
// needs no JSON.parse (half of its reading, and most of the garbage), as the other dialects found
// (kit/template.ts): its reading is the template's with the new text and counts. A template is
// trusted once a probe — the same data with values no stream carries, read in full — reads as the
// template's reading with those values; anything else, or any doubt, is read in full.

import { PROBE_INTEGERS, PROBE_STRINGS, Template } from '../kit/template.ts';
import type { TemplateField } from '../kit/template.ts';
import { NOTHING } from '../kit/common.ts';
import { TOKEN_CONTENT, TOKEN_REASONING } from '../types.ts';
import type { MessageFields } from '../../framing/types.ts';
import type { CandidateOp, GeminiInterpretation, GeminiOp } from './interpret.ts';
import type { PartOp } from './parts.ts';

type ResponseOp = Extract<GeminiOp, { op: 'response' }>;
type TextPart = Extract<PartOp, { type: 'text' }>;

/** The text first (a template is for it), then the usage counts that change from event to event. */
const FIELDS: readonly TemplateField[] = [
  { key: 'text', type: 'string' },
  { key: 'candidatesTokenCount', type: 'integer' },
  { key: 'totalTokenCount', type: 'integer' },
  { key: 'promptTokenCount', type: 'integer' },
  { key: 'thoughtsTokenCount', type: 'integer' },
];

interface Known {
  readonly template: Template;
  readonly op: ResponseOp;
  readonly candidate: CandidateOp;
  readonly part: TextPart;
  /** The count fields the template has a place for (their positions in FIELDS). */
  readonly counts: readonly number[];
}

/** Templates of recent text events, the last used first. */
const templates: Known[] = [];
const MAX_TEMPLATES = 4;
const values: (string | number | null)[] = FIELDS.map(() => null);

/** The reading of `data` from a recent template, or null when none matches (read it in full). */
export function fromTemplate(data: string): GeminiInterpretation | null {
  for (let i = 0; i < templates.length; i++) {
    const known = templates[i]!;
    if (!known.template.match(data, values)) continue;
    const text = values[0] as string;
    // An empty text makes another kind of event: read in full.
    if (text === '') return null;
    if (i > 0) templates.unshift(templates.splice(i, 1)[0]!);
    return build(known, values);
  }
  return null;
}

function build(known: Known, from: readonly (string | number | null)[]): GeminiInterpretation {
  const { op, candidate, part, counts } = known;
  const text = from[0] as string;
  let usage = op.usage;
  if (usage !== null && counts.length > 0) {
    const copy: Record<string, unknown> = { ...usage };
    for (const field of counts) copy[FIELDS[field]!.key] = from[field];
    usage = copy;
  }
  const parts: PartOp[] = [{ ...part, text }];
  const candidates: CandidateOp[] = [{ ...candidate, parts }];
  return { kind: part.thought ? 'reasoning' : 'text', ops: [{ ...op, candidates, usage }], problems: NOTHING, tokens: part.thought ? TOKEN_REASONING : TOKEN_CONTENT };
}

/** Keeps a template of a plain text event (one candidate, one text part, no finish, no metadata) once a probe proves its places. */
export function learn(event: MessageFields, interpretation: GeminiInterpretation, inFull: (event: MessageFields) => GeminiInterpretation): void {
  const data = event.data;
  if (data === null || interpretation.problems.length > 0 || (interpretation.kind !== 'text' && interpretation.kind !== 'reasoning') || interpretation.ops.length !== 1) return;
  const op = interpretation.ops[0]!;
  if (op.op !== 'response' || op.promptFeedback !== null || op.candidates.length !== 1) return;
  const candidate = op.candidates[0]!;
  if (candidate.finishReason !== null || Object.keys(candidate.fields).length > 0 || candidate.parts.length !== 1) return;
  const part = candidate.parts[0]!;
  if (part.type !== 'text' || part.whole !== null || part.signature !== null) return;
  const template = Template.learn(data, null, FIELDS);
  if (template === null) return;
  const counts = FIELDS.map((_, field) => field).filter((field) => field > 0 && template.has(field));
  // A count must be a member of usageMetadata itself to be replaced there.
  if (counts.some((field) => op.usage === null || typeof op.usage[FIELDS[field]!.key] !== 'number')) return;
  const known: Known = { template, op, candidate, part, counts };
  const probeValues = FIELDS.map((field, i) => (field.type === 'string' ? PROBE_STRINGS[i]! : PROBE_INTEGERS[i]!));
  const probe = inFull({ ...event, data: template.probe() });
  if (JSON.stringify(probe) !== JSON.stringify(build(known, probeValues))) return;
  templates.unshift(known);
  if (templates.length > MAX_TEMPLATES) templates.pop();
}
