import { describe, expect, it } from 'vitest';
import { checkFaults, describeFaults } from '../../shared/replay/faults.ts';
import type { ReplayFaults } from '../../shared/replay/faults.ts';
import { MAX_STALL_MS } from '../../shared/replay/faults.ts';
import { faultForm, NO_FAULTS, readFaultForm } from './fault-form.ts';

describe('the fault form as ReplayFaults', () => {
  it('reads as no faults at all when nothing is filled in', () => {
    expect(readFaultForm(NO_FAULTS)).toEqual({ faults: {}, errors: {}, notes: [] });
  });

  it('reads every option, numbers trimmed, and the faults are ones a replay accepts', () => {
    const read = readFaultForm({
      ...NO_FAULTS,
      cutAfterEvent: ' 7 ',
      cutAfterByte: '1200',
      corruptEvent: '0',
      errorAfterEvent: ' 5',
      stalls: [
        { event: '3', ms: '500' },
        { event: ' 1', ms: '12.5 ' },
      ],
      dropDone: true,
      dropFinish: true,
      dropUsage: true,
      bufferAll: true,
    });
    expect(read).toEqual({
      faults: {
        cutAfterEvent: 7,
        cutAfterByte: 1200,
        corruptEvent: 0,
        errorAfterEvent: 5,
        stalls: [
          { beforeEvent: 3, ms: 500 },
          { beforeEvent: 1, ms: 12.5 },
        ],
        dropDone: true,
        dropFinish: true,
        dropUsage: true,
        bufferAll: true,
      },
      errors: {},
      notes: [],
    });
    expect(() => checkFaults(read.faults!)).not.toThrow();
    expect(describeFaults(read.faults!)).toEqual([
      'cut after event 7',
      'cut after byte 1200',
      'stall 500 ms before event 3',
      'stall 12.5 ms before event 1',
      'drop [DONE]',
      'drop finish_reason',
      'drop the usage chunk',
      'corrupt event 0',
      'error after event 5',
      'buffer everything until the end',
    ]);
  });

  it('says beside each field what it takes when it does not read, and gives no faults', () => {
    const read = readFaultForm({
      ...NO_FAULTS,
      cutAfterEvent: '-1',
      cutAfterByte: '1e3',
      corruptEvent: '2.5',
      errorAfterEvent: '7th',
      stalls: [
        { event: '', ms: '20' },
        { event: 'x', ms: '-5' },
        { event: '4', ms: String(MAX_STALL_MS + 1) },
        { event: '2', ms: ' ' },
      ],
      statusCode: '99',
    });
    expect(read.faults).toBeNull();
    expect(read.errors).toEqual({
      cutAfterEvent: 'Takes an event number: a whole number, 0 or more, not “-1”.',
      cutAfterByte: 'Takes a byte count: a whole number, 0 or more, not “1e3”.',
      corruptEvent: 'Takes an event number: a whole number, 0 or more, not “2.5”.',
      errorAfterEvent: 'Takes an event number: a whole number, 0 or more, not “7th”.',
      'stalls.0.event': 'Which event waits? Give its number.',
      'stalls.1.event': 'Takes an event number: a whole number, 0 or more, not “x”.',
      'stalls.1.ms': 'Takes milliseconds, 0 or more, not “-5”.',
      'stalls.2.ms': 'At most 3,600,000 ms (an hour).',
      'stalls.3.ms': 'How long? Give milliseconds.',
      statusCode: 'Takes an HTTP status from 200 to 599, not “99”.',
    });
  });

  it('passes over a pause row left empty (just added), and reads the others', () => {
    expect(readFaultForm({ ...NO_FAULTS, stalls: [{ event: ' ', ms: '' }, { event: '2', ms: '30' }] })).toEqual({ faults: { stalls: [{ beforeEvent: 2, ms: 30 }] }, errors: {}, notes: [] });
  });

  it('takes a number too large to count exactly as not reading', () => {
    expect(readFaultForm({ ...NO_FAULTS, cutAfterByte: '9007199254740993' }).errors).toEqual({
      cutAfterByte: 'Takes a byte count: a whole number, 0 or more, not “9007199254740993”.',
    });
  });

  it('sends a status with the body as typed, or without one for OpenAI’s error body', () => {
    expect(readFaultForm({ ...NO_FAULTS, statusCode: '429' }).faults).toEqual({ status: { code: 429 } });
    expect(readFaultForm({ ...NO_FAULTS, statusCode: '503', withBody: true, statusBody: ' overloaded\n' }).faults).toEqual({ status: { code: 503, body: ' overloaded\n' } });
    expect(readFaultForm({ ...NO_FAULTS, statusCode: '500', withBody: true, statusBody: '' }).faults).toEqual({ status: { code: 500, body: '' } });
    // A body typed and then unticked stays in the field but is not sent.
    expect(readFaultForm({ ...NO_FAULTS, statusCode: '500', withBody: false, statusBody: 'kept' }).faults).toEqual({ status: { code: 500 } });
  });

  it('asks for a status when a body is given without one', () => {
    expect(readFaultForm({ ...NO_FAULTS, withBody: true, statusBody: '{}' }).errors).toEqual({ statusBody: 'A body is sent with a status: give the status too.' });
  });

  it('notes that the other faults do nothing when a status answers instead of the recording', () => {
    expect(readFaultForm({ ...NO_FAULTS, statusCode: '500', dropDone: true }).notes).toEqual(['HTTP 500 is sent instead of the recording, so the other faults do nothing.']);
    expect(readFaultForm({ ...NO_FAULTS, dropDone: true }).notes).toEqual([]);
  });
});

describe('ReplayFaults as the fault form', () => {
  it('gives back a form that reads as the same faults, for every option', () => {
    const all: ReplayFaults[] = [
      {},
      { cutAfterEvent: 0 },
      { cutAfterByte: 31, dropUsage: true },
      { stalls: [{ beforeEvent: 2, ms: 250.5 }, { beforeEvent: 0, ms: 0 }], bufferAll: true },
      { dropDone: true, dropFinish: true, corruptEvent: 4 },
      { errorAfterEvent: 3, stalls: [{ beforeEvent: 1, ms: 20 }] },
      { status: { code: 429 } },
      { status: { code: 503, body: '' } },
      { status: { code: 200, body: '{"error":{"message":"quota"}}' } },
    ];
    for (const faults of all) expect(readFaultForm(faultForm(faults)).faults).toEqual(faults);
  });
});
