// Hop-by-hop headers belong to one connection, not to the exchange (RFC 9110 §7.6.1): a proxy
// drops them and passes every other header on as it came (docs/capture.md, "Transparent").

const ALWAYS = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate']);

/** A header as it came on the wire: its name's case kept, repeated headers kept apart. */
export type HeaderPair = readonly [name: string, value: string];

/** Node's `rawHeaders` (name, value, name, value …) as pairs. */
export function headerPairs(raw: readonly string[]): HeaderPair[] {
  const pairs: HeaderPair[] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index]!, raw[index + 1]!]);
  return pairs;
}

/** The headers less the hop-by-hop ones: the fixed list, `Proxy-*`, and whatever `Connection` names. */
export function endToEnd(pairs: readonly HeaderPair[]): HeaderPair[] {
  const named = new Set<string>();
  for (const [name, value] of pairs) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) if (token.trim() !== '') named.add(token.trim().toLowerCase());
  }
  return pairs.filter(([name]) => {
    const lower = name.toLowerCase();
    return !ALWAYS.has(lower) && !lower.startsWith('proxy-') && !named.has(lower);
  });
}

/** The pairs as one object per name (repeated values joined with `, `; `set-cookie` too: it is redacted whole). */
export function headerObject(pairs: readonly HeaderPair[]): Record<string, string> {
  // No prototype: `constructor` or `__proto__` from the wire is a header like any other, not Object's member.
  const headers = Object.create(null) as Record<string, string>;
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    headers[lower] = Object.hasOwn(headers, lower) ? `${headers[lower]}, ${value}` : value;
  }
  return headers;
}
