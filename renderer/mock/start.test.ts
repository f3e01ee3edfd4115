import { describe, expect, it } from 'vitest';
import { NO_FAULTS, readFaultForm } from './fault-form.ts';
import { readPort, speedWords, startInput } from './start.ts';

const none = readFaultForm(NO_FAULTS);

describe('the port field', () => {
  it('reads empty (or 0) as a free port, and a port number as itself', () => {
    expect([readPort(''), readPort('  '), readPort('0'), readPort(' 8089 '), readPort('65535')]).toEqual([0, 0, 0, 8089, 65535]);
  });

  it('says what it takes otherwise', () => {
    expect(readPort('65536')).toBe('Takes a port from 1 to 65535 (or nothing, for a free one), not “65536”.');
    expect(readPort('80a')).toBe('Takes a port from 1 to 65535 (or nothing, for a free one), not “80a”.');
    expect(readPort('-1')).toBe('Takes a port from 1 to 65535 (or nothing, for a free one), not “-1”.');
  });
});

describe('what Start sends', () => {
  it('sends the recordings in their order, the speed, and leaves out no faults and a free port', () => {
    expect(startInput([12, 3], 0, none, '')).toEqual({ input: { recordings: [12, 3], speed: 0 }, waiting: [] });
  });

  it('sends the faults and the port when there are some', () => {
    const faults = readFaultForm({ ...NO_FAULTS, cutAfterEvent: '3' });
    expect(startInput([5], 2, faults, '8089')).toEqual({ input: { recordings: [5], speed: 2, faults: { cutAfterEvent: 3 }, port: 8089 }, waiting: [] });
  });

  it('asks for precise timing when it is ticked, except with no waits to keep', () => {
    expect(startInput([5], 1, none, '', true)).toEqual({ input: { recordings: [5], speed: 1, precise: true }, waiting: [] });
    expect(startInput([5], 0, none, '', true)).toEqual({ input: { recordings: [5], speed: 0 }, waiting: [] });
  });

  it('waits, saying why, without a recording or while a field does not read', () => {
    const bad = readFaultForm({ ...NO_FAULTS, corruptEvent: 'x' });
    expect(startInput([], 1, bad, 'http')).toEqual({
      input: null,
      waiting: ['Choose at least one recording to serve.', 'A fault option does not read: see the message beside it.', 'The port does not read: see the message beside it.'],
    });
  });
});

describe('a speed in words', () => {
  it('names the recorded pace, a multiple of it, and no waits', () => {
    expect([1, 2, 10, 0].map((speed) => speedWords(speed))).toEqual(['at the recorded pace', '2× the recorded pace', '10× the recorded pace', 'as fast as possible']);
  });

  it('says when the pace is kept precisely', () => {
    expect(speedWords(1, true)).toBe('at the recorded pace, precise timing');
    expect(speedWords(2, true)).toBe('2× the recorded pace, precise timing');
  });
});
