// Which of a tool call's argument fragments a card draws. A call can arrive in a hundred thousand
// fragments: the card draws the first and the last ones, and those around the selected event,
// with a count of the ones between (and a button to draw more); each fragment is a button.

export interface FragmentSpan {
  /** Drawn fragments, or a run left out. */
  readonly hidden: boolean;
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
}

/** Fragments a card draws at first; "show more" doubles it. */
export const FRAGMENT_LIMIT = 400;

/**
 * Spans covering fragments 0..count, in order: all of them when they are `limit` or fewer, else the
 * first and last `limit / 2`, and a few around `focus` (a fragment index) when it falls between.
 */
export function fragmentWindow(count: number, limit: number, focus: number | null): FragmentSpan[] {
  if (count <= limit) return count === 0 ? [] : [{ hidden: false, from: 0, to: count }];
  const half = Math.max(1, Math.floor(limit / 2));
  const shown: [number, number][] = [[0, half]];
  if (focus !== null && focus >= half && focus < count - half) {
    const around = Math.max(1, Math.floor(limit / 8));
    shown.push([Math.max(half, focus - around), Math.min(count - half, focus + around + 1)]);
  }
  shown.push([count - half, count]);
  const spans: FragmentSpan[] = [];
  let at = 0;
  for (const [from, to] of shown) {
    if (from > at) spans.push({ hidden: true, from: at, to: from });
    if (to > Math.max(from, at)) spans.push({ hidden: false, from: Math.max(from, at), to });
    at = Math.max(at, to);
  }
  return spans;
}

/** The index of the first fragment carried by `event` (fragments are in event order), or -1. */
export function fragmentOf(fragments: readonly { readonly event: number }[], event: number): number {
  let low = 0;
  let high = fragments.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (fragments[middle]!.event < event) low = middle + 1;
    else high = middle;
  }
  return low < fragments.length && fragments[low]!.event === event ? low : -1;
}
