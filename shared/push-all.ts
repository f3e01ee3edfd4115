// `target.push(...items)` passes every item as an argument, and V8 overflows its stack past about
// 120,000 of them (a stream of 130,000 choices, an event of 150,000 logprobs: issue 17). Where a
// list comes from the stream, its length is the sender's to choose: append one at a time.

/** Appends every item of `items` to `target`, however many there are. */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]!);
}
