// One part of a Gemini candidate's content (`candidates[i].content.parts[k]`), read into what it
// does to a client's state: a text or thought text, a function call whole, a streamed call's
// opening, arguments, continuation or close (partial-args.ts), or another part kept as sent —
// each with the thoughtSignature it carried, which the next turn must send back on that part.

import { isObject } from '../../is-object.ts';
import { wrongType } from '../kit/common.ts';
import type { DialectProblem } from '../types.ts';
import { parseJsonPath } from './partial-args.ts';
import type { Fragment } from './partial-args.ts';

type Json = Readonly<Record<string, unknown>>;

export type PartOp =
  /** `whole`: the part as sent when it has members beyond text, thought and thoughtSignature (kept as it is, never joined). */
  | { readonly type: 'text'; readonly text: string; readonly thought: boolean; readonly signature: string | null; readonly whole: Json | null }
  /** A function call sent whole, `{name, args, id?}`. */
  | { readonly type: 'call'; readonly part: Json; readonly name: string | null; readonly args: unknown; readonly id: string | null; readonly signature: string | null }
  /** `{name, willContinue: true}` (perhaps with its first fragments): a streamed call opens. `call`: its members but partialArgs and willContinue. */
  | { readonly type: 'call-start'; readonly call: Json; readonly name: string; readonly id: string | null; readonly fragments: readonly Fragment[]; readonly ends: boolean; readonly signature: string | null }
  /** `{partialArgs: […]}`: the open call's arguments; `ends` when neither it nor a fragment it leaves unclosed says willContinue. */
  | { readonly type: 'call-args'; readonly fragments: readonly Fragment[]; readonly ends: boolean; readonly signature: string | null }
  /** `{willContinue: true}` alone: the open call goes on (Vertex sends it between array elements). */
  | { readonly type: 'call-continue'; readonly signature: string | null }
  /** `{}`: the open call ends. */
  | { readonly type: 'call-end'; readonly signature: string | null }
  /** Any other part (inlineData, executableCode, codeExecutionResult, a signature alone …), kept as sent; `key` names it. */
  | { readonly type: 'other'; readonly part: Json; readonly key: string; readonly signature: string | null };

const TEXT_MEMBERS: ReadonlySet<string> = new Set(['text', 'thought', 'thoughtSignature']);

/** Reads part `path` (for the problems' paths); null when it is not an object (a problem says so). */
export function readPart(part: unknown, path: string, problems: DialectProblem[]): PartOp | null {
  if (!isObject(part)) {
    problems.push(wrongType(path, 'object', part));
    return null;
  }
  let signature: string | null = null;
  if (typeof part.thoughtSignature === 'string') signature = part.thoughtSignature;
  else if (part.thoughtSignature !== undefined) problems.push(wrongType(`${path}.thoughtSignature`, 'string', part.thoughtSignature));

  if ('functionCall' in part) return readCall(part, path, signature, problems);
  if ('text' in part) {
    if (typeof part.text !== 'string') {
      problems.push(wrongType(`${path}.text`, 'string', part.text));
      return { type: 'other', part, key: 'text', signature };
    }
    const plain = Object.keys(part).every((key) => TEXT_MEMBERS.has(key));
    return { type: 'text', text: part.text, thought: part.thought === true, signature, whole: plain ? null : part };
  }
  const key = Object.keys(part).find((member) => member !== 'thoughtSignature' && member !== 'thought') ?? (signature === null ? '(empty)' : 'thoughtSignature');
  return { type: 'other', part, key, signature };
}

function readCall(part: Json, path: string, signature: string | null, problems: DialectProblem[]): PartOp {
  const call = part.functionCall;
  if (!isObject(call)) {
    problems.push(wrongType(`${path}.functionCall`, 'object', call));
    return { type: 'other', part, key: 'functionCall', signature };
  }
  const name = typeof call.name === 'string' ? call.name : null;
  if (call.name !== undefined && name === null) problems.push(wrongType(`${path}.functionCall.name`, 'string', call.name));
  const id = typeof call.id === 'string' ? call.id : null;
  const willContinue = call.willContinue === true;
  const hasFragments = call.partialArgs !== undefined;
  const fragments = hasFragments ? readFragments(call.partialArgs, `${path}.functionCall.partialArgs`, problems) : [];
  // It ends when neither it nor a fragment it leaves unclosed says willContinue (the AI SDK asks that no fragment of it say so: the same on real streams).
  const unclosed = new Set<string>();
  for (const fragment of fragments) {
    if (fragment.willContinue) unclosed.add(fragment.jsonPath);
    else unclosed.delete(fragment.jsonPath);
  }
  const ends = !willContinue && unclosed.size === 0;
  if (name !== null && (willContinue || hasFragments) && call.args === undefined) {
    const members: Record<string, unknown> = {};
    for (const key of Object.keys(call)) if (key !== 'partialArgs' && key !== 'willContinue') members[key] = call[key];
    return { type: 'call-start', call: members, name, id, fragments, ends, signature };
  }
  if (hasFragments && name === null) return { type: 'call-args', fragments, ends, signature };
  if (name === null && call.args === undefined) {
    // `{}` closes; `{willContinue: true}` goes on. A lone `{willContinue: false}` closes too.
    return willContinue ? { type: 'call-continue', signature } : { type: 'call-end', signature };
  }
  return { type: 'call', part, name, args: call.args, id, signature };
}

function readFragments(value: unknown, path: string, problems: DialectProblem[]): Fragment[] {
  if (!Array.isArray(value)) {
    problems.push(wrongType(path, 'array', value));
    return [];
  }
  const fragments: Fragment[] = [];
  value.forEach((arg, k) => {
    const at = `${path}[${k}]`;
    if (!isObject(arg)) {
      problems.push(wrongType(at, 'object', arg));
      return;
    }
    if (typeof arg.jsonPath !== 'string') {
      problems.push(wrongType(`${at}.jsonPath`, 'string', arg.jsonPath));
      return;
    }
    const segments = parseJsonPath(arg.jsonPath);
    if (segments === null) problems.push({ code: 'wrong-type', path: `${at}.jsonPath`, expected: 'a JSONPath of names and indexes ($.a.b[0])', got: JSON.stringify(arg.jsonPath) });
    fragments.push({ jsonPath: arg.jsonPath, segments, ...valueOf(arg, at, problems), willContinue: arg.willContinue === true });
  });
  return fragments;
}

/** The one value a PartialArg holds, in the AI SDK's order (a string, a number, a boolean, then null). */
function valueOf(arg: Json, at: string, problems: DialectProblem[]): Pick<Fragment, 'type' | 'value'> {
  const typed = [
    ['stringValue', 'string', 'string'],
    ['numberValue', 'number', 'number'],
    ['boolValue', 'boolean', 'bool'],
  ] as const;
  for (const [member, jsType, type] of typed) {
    const value = arg[member];
    if (value === undefined || value === null) continue;
    if (typeof value === jsType) return { type, value: value as string | number | boolean };
    problems.push(wrongType(`${at}.${member}`, jsType, value));
    return { type: 'none', value: null };
  }
  return 'nullValue' in arg ? { type: 'null', value: null } : { type: 'none', value: null };
}
