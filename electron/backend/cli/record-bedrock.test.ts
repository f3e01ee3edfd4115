// Bedrock ConverseStream end to end through the CLI (issue 32): the simulator serves a scenario on
// …/model/MODEL/converse-stream as AWS event-stream frames, `record --api bedrock-converse`
// records it (the model in the path, the body in Converse's shape, a Bedrock API key as a bearer
// token stored redacted), the stored body is the frames byte for byte, and `inspect --json` reads
// it back as `protocol: "bedrock-converse"`, `framing: "aws-eventstream"`, with the exact response.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from '../../../shared/index.ts';
import { openStore } from '../store/index.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { exchangeAt } from '../simulator/test-helpers.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-bedrock-'));
let simulator: Simulator;
beforeAll(async () => void (simulator = await startSimulator({ timeScale: 0 })));
afterAll(async () => simulator?.close());

const KEY = 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlMDAwMQ==';

describe('record --api bedrock-converse, then inspect --json', () => {
  it('records a tool use as frames, byte for byte, the key redacted, and reads it back as Bedrock with the exact response', async () => {
    const db = join(dir, 'tool.db');
    const recorded = await runCli('record', '--base-url', simulator.url, '--api', 'bedrock-converse', '--model', 'sim-tool-call', '--message', 'What is the weather in Paris?', '--max-tokens', '200', '--api-key', KEY, '--quiet', '--db', db);
    expect(recorded.code).toBe(0);
    expect(recorded.out).toContain(`request: POST ${simulator.url}/model/sim-tool-call/converse-stream`);

    const store = openStore(db);
    try {
      const stored = store.get(1)!;
      // The body in Converse's shape: the model is the path's.
      expect(stored.request?.body).toEqual({ messages: [{ role: 'user', content: [{ text: 'What is the weather in Paris?' }] }], inferenceConfig: { maxTokens: 200 } });
      expect(stored.request?.headers.authorization).toBe('Bearer …MQ==');
      expect(JSON.stringify(stored)).not.toContain(KEY.slice(0, 20));
      expect(stored.response?.headers['content-type']).toBe('application/vnd.amazon.eventstream');
      // The simulator is deterministic: the same request again gives the bytes it sent.
      const sent = await exchangeAt(`${simulator.url}/model/sim-tool-call/converse-stream`, stored.request!.body as Record<string, unknown>);
      expect(Buffer.from(concatBytes(stored.reads.map((read) => read.bytes))).equals(Buffer.from(sent.body))).toBe(true);
    } finally {
      store.close();
    }

    const inspected = await runCli('inspect', '1', '--json', '--db', db);
    expect(inspected.code).toBe(0);
    const contract = JSON.parse(inspected.out) as Record<string, unknown> & { output: { message: { content: { toolUse: { toolUseId: string } }[] }; metrics: { latencyMs: number } } };
    expect([contract.protocol, contract.framing]).toEqual(['bedrock-converse', 'aws-eventstream']);
    const { toolUseId } = contract.output.message.content[0]!.toolUse;
    expect(toolUseId).toMatch(/^tooluse_[A-Za-z0-9]{22}$/);
    expect(contract.output).toEqual({
      message: { role: 'assistant', content: [{ toolUse: { toolUseId, name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } } }] },
      stopReason: 'tool_use',
      // The simulator counts a prompt token per four characters of the request's messages (JSON).
      usage: { inputTokens: 20, outputTokens: 10, totalTokens: 30 },
      metrics: { latencyMs: contract.output.metrics.latencyMs },
    });
    expect(contract.diagnostics).toEqual([]);
  });

  it('records an exception frame inside the 200, and says so', async () => {
    const db = join(dir, 'exception.db');
    expect((await runCli('record', '--base-url', simulator.url, '--api', 'bedrock-converse', '--model', 'sim-stream-error', '--quiet', '--db', db)).code).toBe(0);
    const contract = JSON.parse((await runCli('inspect', '1', '--json', '--db', db)).out) as { diagnostics: { code: string; message: string }[]; output: { stopReason: string | null } };
    expect([contract.diagnostics.map((diagnostic) => diagnostic.code), contract.output.stopReason]).toEqual([['stream-exception', 'missing-message-stop', 'usage-missing'], null]);
    expect(contract.diagnostics[0]!.message).toMatch(/^Event \d+ is an exception frame, modelStreamErrorException: "The model encountered an error while streaming\. Try your request again\. \(the model's own error: 500\)"/);
  });
});
