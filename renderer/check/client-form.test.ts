import { describe, expect, it } from 'vitest';
import { clientFormFor, isAbsoluteFolder, onlyIds, readClientForm } from './client-form.ts';
import { CASES } from './client-fixtures.test-support.ts';

const filled = { ...clientFormFor(CASES), command: '  node my-client.mjs ' };

describe('the Client form', () => {
  it('starts with every dialect that has cases ticked and nothing typed', () => {
    expect(clientFormFor(CASES)).toEqual({ command: '', cwd: '', protocols: ['chat-completions', 'anthropic-messages'], only: '', timeoutS: '' });
  });

  it('asks for no more than the command: every dialect, every case, the backend’s folder and timeout', () => {
    expect(readClientForm(filled, CASES)).toEqual({ input: { command: 'node my-client.mjs' }, cases: 4, waiting: [] });
  });

  it('sends the folder, the dialects ticked, only the cases named and the timeout in milliseconds', () => {
    const read = readClientForm({ ...filled, cwd: '/home/me/app', protocols: ['chat-completions'], only: 'clean, cut-before-done clean', timeoutS: '2.5' }, CASES);
    expect(read).toEqual({ input: { command: 'node my-client.mjs', cwd: '/home/me/app', protocols: ['chat-completions'], only: ['clean', 'cut-before-done'], timeoutMs: 2500 }, cases: 2, waiting: [] });
  });

  it('says everything that stops it from starting', () => {
    expect(readClientForm({ ...clientFormFor(CASES), cwd: 'app', protocols: [], timeoutS: '0' }, CASES).waiting).toEqual([
      'Give the command that runs your client.',
      'The working folder must be an absolute path, or empty for your home folder.',
      'Tick at least one API.',
      'Timeout: from 1 to 3600 seconds, or empty for 30.',
    ]);
  });

  it('refuses a case id the dialects ticked do not have', () => {
    expect(readClientForm({ ...filled, protocols: ['anthropic-messages'], only: 'clean, cut-before-done, nope' }, CASES)).toEqual({ input: null, cases: 1, waiting: ['No case cut-before-done, nope in the APIs ticked.'] });
  });

  it('takes a folder as absolute on any system', () => {
    expect(['/home/me', 'C:\\app', 'c:/app', '\\\\server\\share', 'app', './app', '~/app'].map(isAbsoluteFolder)).toEqual([true, true, true, true, false, false, false]);
  });

  it('reads the case ids once each, whatever separates them', () => {
    expect(onlyIds(' clean,,split-reads  clean\ncrlf ')).toEqual(['clean', 'split-reads', 'crlf']);
  });
});
