// The run's HTML page: self-contained (no script, nothing loaded), a matrix whose every cell
// links to its check's section, and in one page the streams of every check, each recording's
// rows with ids of their own, so every link on the page lands on the row it names.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../analysis/analyze.ts';
import type { Recording } from '../../recording/types.ts';
import { realStream, timed } from '../../test/streams.ts';
import { CHAT_BATTERY } from './chat/battery.ts';
import { renderCheckReport } from './html.ts';
import { judgeCheck } from './judge.ts';
import { checkReport } from './report.ts';
import type { CheckResult } from './report.ts';

function served(body: Uint8Array): Recording {
  return timed([[5, body]], { request: { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: { authorization: 'Bearer sk-secret-key-1234567890' }, body: null } });
}

const recordings = [served(realStream('openai-gpt4o-structured-text-usage.sse')), served(realStream('openai-gpt4o-length-truncated.sse')), null];
const results: CheckResult[] = [
  { ...judgeCheck(CHAT_BATTERY[1]!, analyzeRecording(recordings[0]!)), recordingId: 7 },
  { ...judgeCheck(CHAT_BATTERY[0]!, analyzeRecording(recordings[1]!)), recordingId: 8 },
  { id: 'responses.text', protocol: 'responses', status: 'skip', summary: 'The server answers 404 for POST /v1/responses: it does not serve Responses API.', expected: [], findings: [], recordingId: null },
];
const page = renderCheckReport(checkReport({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }, ['chat-completions', 'responses'], results), recordings);

describe('the check report page', () => {
  it('loads nothing and runs nothing, and holds no secret', () => {
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(page).not.toMatch(/<script|<iframe|<link /i);
    expect(page).not.toContain('sk-secret-key-1234567890');
  });

  it('has a matrix whose every cell links to its check’s section', () => {
    expect(page).toContain('<tr><th scope="row">usage</th><td><a href="#check-chat.usage"><span class="st st-pass">pass</span></a></td><td class="note">—</td></tr>');
    expect(page).toContain('<tr><th scope="row">text</th><td><a href="#check-chat.text"><span class="st st-fail">fail</span></a></td><td><a href="#check-responses.text"><span class="st st-skip">skip</span></a></td></tr>');
    for (const id of ['chat.usage', 'chat.text', 'responses.text']) expect(page).toContain(`<h2 id="check-${id}">`);
  });

  it('names the broken rule of a failed check, and links every event it cites to a row of its own recording', () => {
    // The length-cut stream judged as chat.text: it finished with "length", not "stop".
    expect(page).toContain('<article class="card diag sev-error"><h4><code>finish-not-once</code></h4><p>Each choice gets exactly one chunk with a finish reason, &quot;stop&quot;. Choice 0 finished with &quot;length&quot;.</p></article>');
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!);
    expect(ids.length).toBe(new Set(ids).size);
    expect(ids).toContain('c0-event-0');
    expect(ids).toContain('c1-event-0');
    const links = [...page.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]!);
    expect(links.filter((link) => !ids.includes(link))).toEqual([]);
  });
});
