// Most chunks of a stream are the one before with another piece of content:
// the same id, model, fingerprint, choice and finish_reason, byte for byte,
// around a different `"content":"…"` string. Such a chunk needs no JSON.parse
// (a fifth of an analysis): replacing one string literal of a JSON text by
// another changes nothing but that string in the parsed value, so the chunk
// means what the template means, with its own text. The text surgery is the
// dialects' one template (kit/template.ts); anything else, or any doubt, goes
// to interpretEvent.

import type { SseFields } from '../../framing/sse/parser.ts';
import { PROBE_STRINGS, Template } from '../kit/template.ts';
import type { TemplateField } from '../kit/template.ts';
import { interpretEvent } from './interpret.ts';
import type { Interpretation } from './interpret.ts';
import type { TextOp } from './ops.ts';

/** The one place a template has: the content string. */
const CONTENT: readonly TemplateField[] = [{ key: 'content', type: 'string' }];
/** A content string no chunk carries: where it shows up in a probe's interpretation, it came from the template's string. */
const PROBE = PROBE_STRINGS[0]!;
/** Texts up to this long are shared, up to this many at a time. */
const SHARED_LENGTH = 16;
const SHARED_TEXTS = 4096;

export class ChunkTemplate {
  private template: Template | null = null;
  /** The template's interpretation: one content text operation. */
  private base: Interpretation | null = null;
  private choice = 0;
  /** Where the template writes the value it matched. */
  private readonly values: (string | number | null)[] = [null];
  /** Short texts seen lately, to hand out one string for each, as JSON.parse does with V8's string table (an analysis keeps them all). */
  private texts = new Map<string, string>();

  /** `interpretEvent(event)`, from the template when the event's data is the template's with another content string. */
  interpret(event: SseFields): Interpretation {
    const data = event.data;
    if (data === null || event.event === 'error') return interpretEvent(event);
    const fast = this.fromTemplate(data);
    if (fast !== null) return fast;
    const interpretation = interpretEvent(event);
    if (interpretation.kind === 'content' && interpretation.ops.length === 1) this.learn(data, interpretation);
    return interpretation;
  }

  private fromTemplate(data: string): Interpretation | null {
    const { template, base } = this;
    if (template === null || base === null || !template.match(data, this.values)) return null;
    let text = this.values[0] as string;
    if (text === '') return null;
    text = this.shared(text);
    const op: TextOp = { type: 'text', choice: this.choice, channel: 'content', source: 'content', text };
    return { kind: 'content', ops: [op], meta: base.meta, unknownPaths: base.unknownPaths, problems: base.problems, obfuscationBytes: base.obfuscationBytes };
  }

  private shared(text: string): string {
    if (text.length > SHARED_LENGTH) return text;
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    if (this.texts.size >= SHARED_TEXTS) this.texts = new Map();
    this.texts.set(text, text);
    return text;
  }

  /**
   * Makes a template of a chunk with one `"content":"` string, once a probe, the same chunk with
   * another string there, shows that this string is its content. Nothing else in the chunk's
   * meaning (kind, identity, unknown fields, problems, padding) can depend on that string, which
   * the probe proves is its content and nothing else.
   */
  private learn(data: string, interpretation: Interpretation): void {
    const op = interpretation.ops[0]!;
    if (op.type !== 'text' || op.channel !== 'content' || op.source !== 'content') return;
    const template = Template.learn(data, null, CONTENT);
    if (template === null) return;
    const probe = interpretEvent({ data: template.probe(), event: null, id: null, retry: null, comments: [], unknownFields: [] });
    const probed = probe.ops[0];
    if (probe.ops.length !== 1 || probed?.type !== 'text' || probed.text !== PROBE || probed.choice !== op.choice || probed.channel !== 'content' || probed.source !== 'content') return;
    this.template = template;
    this.base = interpretation;
    this.choice = op.choice;
  }
}
