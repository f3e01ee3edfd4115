// Vertex AI's streamed function-call arguments (`toolConfig.functionCallingConfig.streamFunctionCallArguments`):
// a part `{functionCall: {name, willContinue: true}}` opens the call, then parts
// `{functionCall: {partialArgs: [{jsonPath, stringValue|numberValue|boolValue|nullValue, willContinue}]}}`
// carry its arguments one value (or one piece of a string) at a time, and `{functionCall: {}}` or a
// last `partialArgs` without `willContinue` closes it.
//
// Neither Google SDK assembles them (js-genai and python-genai only declare PartialArg); the AI SDK
// does (packages/google, google-json-accumulator.ts: each fragment's value set at its path, objects
// and arrays made on the way). We follow it but for one rule, which we take from PartialArg's own
// documentation: a string is appended to only while the fragment before it at the same path said
// `willContinue` ("another PartialArg for the current json_path is expected to follow"); the AI SDK
// appends to any string already there. Real streams never tell the two apart.

import { MAX_JSON_DEPTH } from '../../formats/json-depth.ts';

export type PathSegment = string | number;

/** One PartialArg as read: its path, its value, and whether more of it follows. */
export interface Fragment {
  readonly jsonPath: string;
  /** The path's segments (`$.a.b[0]` → `["a", "b", 0]`), or null when it is not a path of names and indexes. */
  readonly segments: readonly PathSegment[] | null;
  /** `none`: the fragment named no value (the AI SDK skips it, and so do we). */
  readonly type: 'string' | 'number' | 'bool' | 'null' | 'none';
  readonly value: string | number | boolean | null;
  readonly willContinue: boolean;
}

/**
 * The segments of a JSONPath of the RFC 9535 subset the server writes: `$`, then `.name`, `[n]`
 * or `['name']` / `["name"]`. Null for anything else (wildcards, filters, slices, the root alone).
 */
export function parseJsonPath(path: string): PathSegment[] | null {
  if (path[0] !== '$') return null;
  const segments: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    if (segments.length >= MAX_JSON_DEPTH) return null;
    const char = path[i];
    if (char === '.') {
      let end = i + 1;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      const name = path.slice(i + 1, end);
      if (name === '' || name === '*') return null;
      segments.push(name);
      i = end;
    } else if (char === '[') {
      const quote = path[i + 1];
      if (quote === "'" || quote === '"') {
        let name = '';
        let at = i + 2;
        while (at < path.length && path[at] !== quote) {
          if (path[at] === '\\' && at + 1 < path.length) at++;
          name += path[at];
          at++;
        }
        if (path[at] !== quote || path[at + 1] !== ']') return null;
        segments.push(name);
        i = at + 2;
      } else {
        const close = path.indexOf(']', i);
        const digits = close === -1 ? '' : path.slice(i + 1, close);
        if (!/^(0|[1-9][0-9]{0,8})$/.test(digits)) return null;
        segments.push(Number(digits));
        i = close + 1;
      }
    } else return null;
  }
  return segments.length === 0 ? null : segments;
}

/** A fragment the assembly could not place, and why. */
export interface SkippedFragment {
  readonly fragment: Fragment;
  readonly why: string;
}

/** A streamed call's arguments from its fragments, in order, and the fragments that could not be placed. */
export function assembleArgs(fragments: readonly Fragment[]): { args: Record<string, unknown>; skipped: SkippedFragment[] } {
  const args: Record<string, unknown> = {};
  const skipped: SkippedFragment[] = [];
  // The paths whose string the last fragment there said continues.
  const open = new Set<string>();
  for (const fragment of fragments) {
    const { segments, type } = fragment;
    if (type === 'none') continue;
    if (segments === null) {
      skipped.push({ fragment, why: 'its jsonPath is not a path of names and indexes' });
      continue;
    }
    const key = segments.join('\u0000');
    const continues = type === 'string' && open.has(key);
    const why = place(args, segments, (existing) => (continues && typeof existing === 'string' ? existing + (fragment.value as string) : fragment.value));
    if (why !== null) skipped.push({ fragment, why });
    if (type === 'string' && fragment.willContinue) open.add(key);
    else open.delete(key);
  }
  return { args, skipped };
}

type Container = Record<string | number, unknown>;

/** Sets the value at `segments` (from what was there), making objects and arrays on the way; why not, when it cannot. */
function place(root: Container, segments: readonly PathSegment[], value: (existing: unknown) => unknown): string | null {
  let current: Container = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (Array.isArray(current) !== (typeof segment === 'number')) return `${describe(segments, i)} is ${kindOf(current)}`;
    // An index past the end would leave holes (and a huge one a huge array): the server sends them in order.
    if (typeof segment === 'number' && segment > (current as unknown as unknown[]).length) return `index ${segment} is past the end of ${describe(segments, i)} (length ${(current as unknown as unknown[]).length})`;
    const own = Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    if (i === segments.length - 1) {
      define(current, segment, value(own));
      return null;
    }
    const wantsArray = typeof segments[i + 1] === 'number';
    let child = own;
    if (child === undefined || child === null) define(current, segment, (child = wantsArray ? [] : {}));
    // A value already there of another kind stays: the fragment conflicts with what came before.
    else if (typeof child !== 'object' || Array.isArray(child) !== wantsArray) return `${describe(segments, i + 1)} is ${kindOf(child)}`;
    current = child as Container;
  }
  return null;
}

/** Own data properties, so that a key such as `__proto__` is a key and never a prototype setter. */
function define(container: Container, key: PathSegment, value: unknown): void {
  Object.defineProperty(container, key, { value, enumerable: true, configurable: true, writable: true });
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The path up to segment `upTo` (excluded), as `$.a[0]`. */
function describe(segments: readonly PathSegment[], upTo: number): string {
  return '$' + segments.slice(0, upTo).map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('');
}
