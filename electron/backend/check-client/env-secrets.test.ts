// A key in Streamscope's environment that a client prints, or sends the mock, is masked in what the
// app keeps of the case; the placeholders and harmless variables are left as they are.

import { describe, expect, it } from 'vitest';
import type { ClientCaseResult } from '../../../shared/conformance/client/report.ts';
import { environmentSecrets, maskedResult } from './env-secrets.ts';
import { PLACEHOLDER_KEYS } from './run.ts';

const KEY = 'gsk_realKeyOfTheUser0123456789abcdWXYZ';
const ENV = { GROQ_API_KEY: KEY, GITHUB_TOKEN: 'ghp_abc', PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/home/dev', ...PLACEHOLDER_KEYS };

const result: ClientCaseResult = {
  id: 'clean',
  protocol: 'chat-completions',
  expect: 'survive',
  verdict: 'crashed',
  summary: 'It failed on a valid stream.',
  exitCode: 1,
  durationMs: 210,
  stdout: '',
  stderr: `config: {"key":"${KEY}","path":"/usr/local/bin:/usr/bin:/bin"}\n`,
  requests: [{ method: 'POST', path: '/v1/chat/completions', body: { model: 'm', api_key: KEY } }],
  recordingId: 3,
};

describe("the environment's secrets", () => {
  it('are the long values of variables named like credentials, the placeholders left out', () => {
    expect(environmentSecrets(ENV)).toEqual([KEY]);
    expect(environmentSecrets({ PATH: '/usr/bin', OPENAI_API_KEY: PLACEHOLDER_KEYS.OPENAI_API_KEY })).toEqual([]);
  });

  it('are masked in the output and the requests kept, at their length, their prefix and last four characters kept', () => {
    const masked = maskedResult(result, environmentSecrets(ENV));
    const mask = 'gsk_' + '*'.repeat(KEY.length - 8) + 'WXYZ';
    expect(masked).toEqual({
      ...result,
      stderr: `config: {"key":"${mask}","path":"/usr/local/bin:/usr/bin:/bin"}\n`,
      requests: [{ method: 'POST', path: '/v1/chat/completions', body: { model: 'm', api_key: mask } }],
    });
  });

  it('leave a result that holds none as it is', () => {
    expect(maskedResult(result, [])).toBe(result);
    expect(maskedResult({ ...result, stderr: 'HTTP 500\n', requests: [] }, [KEY])).toEqual({ ...result, stderr: 'HTTP 500\n', requests: [] });
  });
});
