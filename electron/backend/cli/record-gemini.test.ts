// Gemini end to end through the CLI (issue 32): the simulator serves a Gemini scenario on
// …/models/MODEL:streamGenerateContent?alt=sse, `record --api gemini` records it (the model in
// the path, the key in x-goog-api-key, a `?key=` stored redacted), and `inspect --json` reads it
// back as `protocol: "gemini"` with the exact final object the next turn copies its parts from.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/index.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-gemini-'));
let simulator: Simulator;
beforeAll(async () => void (simulator = await startSimulator({ timeScale: 0 })));
afterAll(async () => simulator?.close());

/** The simulator's base URL as the Gemini API's: the version path, then /models/MODEL:… */
const base = () => simulator.url.replace(/\/v1$/, '/v1beta');

describe('record --api gemini, then inspect --json', () => {
  it('records a signed function call whole, and reads it back as Gemini with the exact response', async () => {
    const db = join(dir, 'tool.db');
    const recorded = await runCli('record', '--base-url', base(), '--api', 'gemini', '--model', 'sim-tool-call', '--message', 'What is the weather in Paris?', '--api-key', 'AIzaSyExampleKey0001', '--query', 'key=AIzaSyExampleKey0002', '--quiet', '--db', db);
    expect(recorded.code).toBe(0);
    expect(recorded.out).toContain(`request: POST ${base()}/models/sim-tool-call:streamGenerateContent?alt=sse&key=…0002`);

    const inspected = await runCli('inspect', '1', '--json', '--db', db);
    expect(inspected.code).toBe(0);
    const contract = JSON.parse(inspected.out) as Record<string, unknown> & { response: { candidates: { content: { parts: { thoughtSignature?: string }[] } }[]; responseId: string } };
    const signature = contract.response.candidates[0]!.content.parts[0]!.thoughtSignature!;
    expect(signature).toMatch(/^Cv[A-Za-z0-9+/]{120}==$/);
    expect(contract.protocol).toBe('gemini');
    expect(contract.response).toEqual({
      responseId: contract.response.responseId,
      modelVersion: 'sim-tool-call',
      candidates: [
        {
          index: 0,
          content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } }, thoughtSignature: signature }] },
          finishReason: 'STOP',
        },
      ],
      // The simulator counts a prompt token per four characters of the request's contents (JSON): 19 here.
      usageMetadata: { promptTokenCount: 19, candidatesTokenCount: 11, totalTokenCount: 30, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 19 }] },
    });
    expect(contract.response.responseId).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(contract.diagnostics).toEqual([]);

    // Neither key reaches the database: the header and the query parameter are stored redacted.
    const store = openStore(db);
    try {
      const stored = store.get(1)!;
      expect(stored.request?.url).toBe(`${base()}/models/sim-tool-call:streamGenerateContent?alt=sse&key=…0002`);
      expect(stored.request?.headers['x-goog-api-key']).toBe('…0001');
      expect(JSON.stringify(stored)).not.toContain('AIzaSyExampleKey');
    } finally {
      store.close();
    }
  });

  it('records a stream cut before its finishReason, and says so', async () => {
    const db = join(dir, 'cut.db');
    const recorded = await runCli('record', '--base-url', base(), '--api', 'gemini', '--model', 'sim-cut-before-end', '--quiet', '--db', db);
    expect(recorded.code).toBe(0);
    const contract = JSON.parse((await runCli('inspect', '1', '--json', '--db', db)).out) as { protocol: string; diagnostics: { code: string }[]; response: { candidates: { finishReason: string | null }[] } };
    expect([contract.protocol, contract.diagnostics.map((diagnostic) => diagnostic.code), contract.response.candidates.map((candidate) => candidate.finishReason)]).toEqual(['gemini', ['missing-finish-reason'], [null]]);
  });
});
