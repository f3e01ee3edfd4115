// The Host values the mock endpoint answers to: loopback names with its port, and the address the
// user bound it to; never a name a DNS-rebinding page brings.

import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { answeredHosts } from './hosts.ts';

describe('answeredHosts', () => {
  it('on loopback: 127.0.0.1, localhost and [::1] with the port, nothing else', () => {
    expect([...answeredHosts('127.0.0.1', 8080)]).toEqual(['127.0.0.1:8080', 'localhost:8080', '[::1]:8080']);
  });

  it('bound to an address with --host: that address too (an IPv6 one in brackets)', () => {
    expect([...answeredHosts('192.168.1.5', 80)]).toEqual(['127.0.0.1:80', 'localhost:80', '[::1]:80', '192.168.1.5:80']);
    expect(answeredHosts('fe80::1', 80).has('[fe80::1]:80')).toBe(true);
  });

  it('bound to every interface (0.0.0.0): each interface’s address, and still no other name', () => {
    const hosts = answeredHosts('0.0.0.0', 9);
    const ipv4 = Object.values(networkInterfaces()).flatMap((list) => list ?? []).filter((info) => info.family === 'IPv4');
    for (const { address } of ipv4) expect(hosts.has(`${address}:9`), address).toBe(true);
    expect(hosts.has('evil.example:9')).toBe(false);
    expect(hosts.has('0.0.0.0:9')).toBe(false);
  });
});
