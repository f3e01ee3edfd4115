import { describe, expect, it } from 'vitest';
import { dying, writerAlive } from './writer-liveness.ts';

// /proc/PID/stat and /proc/PID/status as Linux writes them (proc(5)), for a writer named with a space and a parenthesis.
const stat = (state: string, flags: number) => `4242 (node (serve) x) ${state} 1 4242 4242 0 -1 ${flags} 120 0 0 0 5 1 0 0 20 0 11 0 3456 1000000 5000\n`;
const status = (sigPnd: string, shdPnd: string) => `Name:\tnode\nState:\tS (sleeping)\nSigQ:\t0/63448\nSigPnd:\t${sigPnd}\nShdPnd:\t${shdPnd}\nSigBlk:\t0000000000000000\n`;
const proc = (statText: string, statusText: string) => (file: string) => (file.endsWith('/stat') ? statText : statusText);
const QUIET = '0000000000000000';

describe('a writer process seen from /proc', () => {
  it('is dying as a zombie, while exiting, or with SIGKILL pending', () => {
    expect(dying(4242, proc(stat('Z', 0x400000), status(QUIET, QUIET)))).toBe(true);
    expect(dying(4242, proc(stat('R', 0x400044), status(QUIET, QUIET)))).toBe(true);
    expect(dying(4242, proc(stat('S', 0x400040), status('0000000000000100', QUIET)))).toBe(true);
    expect(dying(4242, proc(stat('S', 0x400040), status(QUIET, '0000000000000100')))).toBe(true);
  });

  it('is not dying when running or sleeping with other signals pending, nor when /proc cannot be read', () => {
    expect(dying(4242, proc(stat('S', 0x400040), status('0000000000004002', QUIET)))).toBe(false);
    expect(dying(4242, () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    })).toBe(false);
  });

  it('is alive for this very process, and not for a pid no process has', () => {
    expect(writerAlive(process.pid)).toBe(true);
    expect(writerAlive(2 ** 22 + 1)).toBe(false);
  });
});
