// The Host values the mock endpoint answers to. A DNS-rebinding page reaches a loopback server
// under its own domain name, so only the names the server was reached by on purpose are taken:
// the loopback names with its port, and, when the user bound it elsewhere (--host), that
// address (every interface's for 0.0.0.0 or ::).

import { networkInterfaces } from 'node:os';
import { allowedHosts } from '../serve/security.ts';

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

export function answeredHosts(host: string, port: number): ReadonlySet<string> {
  const hosts = new Set([...allowedHosts(port), `[::1]:${port}`]);
  const addresses = WILDCARDS.has(host) ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((info) => info.address)) : [host];
  for (const address of addresses) hosts.add(`${address.includes(':') && !address.startsWith('[') ? `[${address}]` : address}:${port}`.toLowerCase());
  return hosts;
}
