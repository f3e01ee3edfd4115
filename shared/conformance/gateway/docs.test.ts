// docs/conformance.md's "Gateway mode" tables every change gateway mode reports: one row a code of
// the catalogue, in its order, with its severity, and no other.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATEWAY_CHANGE_CODES, GATEWAY_CHANGES } from './catalogue.ts';

const page = readFileSync(new URL('../../../docs/conformance.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## Gateway mode'), page.indexOf('\n## ', page.indexOf('## Gateway mode') + 1));
const rows = section
  .split('\n')
  .filter((line) => /^\| `[a-z-]+` \|/.test(line))
  .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '')));

describe('docs/conformance.md, "Gateway mode"', () => {
  it('has one row a change code, in the catalogue’s order', () => {
    expect(rows.map(([code]) => code)).toEqual(GATEWAY_CHANGE_CODES.map((code) => `\`${code}\``));
  });

  it("gives each code the catalogue's severity", () => {
    expect(rows.map(([code, , severity]) => [code, severity!.split(':')[0]])).toEqual(GATEWAY_CHANGE_CODES.map((code) => [`\`${code}\``, GATEWAY_CHANGES[code].severity]));
  });
});
