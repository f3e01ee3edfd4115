// `streamscope inspect --json` on the real InvokeModelWithResponseStream bodies of
// shared/test/fixtures/bedrock/ (SOURCES.md there), each as a timed recording with its request path
// and Bedrock's content-type, the body whole, split at random and byte by byte: Claude's are
// anthropic-messages in aws-eventstream with Anthropic's final message and Bedrock's own count, a
// note where the two disagree; Nova's and Titan's are read without a crash.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnalysisContract } from '../../../shared/index.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { byteByByte, splitAt } from '../../../shared/test/streams.ts';
import { runCli as run } from './test-support.ts';

const FIXTURES = new URL('../../../shared/test/fixtures/bedrock/', import.meta.url);
const index = JSON.parse(readFileSync(new URL('index.json', FIXTURES), 'utf8')) as { file: string; urlPath: string | null }[];
const dir = mkdtempSync(join(tmpdir(), 'streamscope-cli-invoke-'));

/** The body as a .ssrec.jsonl recording of `reads`: the invoke request, Bedrock's head, one line a read. */
function recordingFile(name: string, reads: readonly Uint8Array[]): string {
  const urlPath = index.find((row) => row.file === name)!.urlPath!;
  const lines = [
    { recording: 1, startedAt: '2026-12-07T18:00:00.000Z', request: { method: 'POST', url: `https://bedrock-runtime.us-east-1.amazonaws.com${urlPath}`, headers: {}, body: {} } },
    { t: 100, response: { status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } } },
    ...reads.map((read, i) => ({ t: 101 + i / 1000, base64: Buffer.from(read).toString('base64') })),
    { t: 101 + reads.length / 1000, end: 'eof' },
  ];
  const path = join(dir, `${name}.${reads.length}.ssrec.jsonl`);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return path;
}

async function inspect(name: string, reads: readonly Uint8Array[]): Promise<AnalysisContract> {
  const { code, out, err } = await run('inspect', recordingFile(name, reads), '--json');
  expect([code, err]).toEqual([0, '']);
  return JSON.parse(out) as AnalysisContract;
}

/** The findings on time: the fixtures keep no timing (SOURCES.md), so the reads' times here are made up, and what they find is not pinned. */
const TIMING: ReadonlySet<string> = new Set(['buffered-delivery', 'idle-gap']);
const untimed = (diagnostics: AnalysisContract['diagnostics']) => diagnostics.filter((found) => !TIMING.has(found.code));

/** What must not depend on the reads: all but the read count and the timing. */
const split = ({ counts, metrics: _, diagnostics, ...contract }: AnalysisContract) => ({ ...contract, diagnostics: untimed(diagnostics), counts: { ...counts, reads: 0 } });

/** Stop reason, usage, Bedrock's count, and the findings' codes and events, per Claude body. */
const CLAUDE: Record<string, [string, object, object, [string, number[]][]]> = {
  'invoke-claude35sonnet-text-max-tokens.bin': ['max_tokens', { input_tokens: 12, output_tokens: 100 }, { inputTokenCount: 12, outputTokenCount: 100, invocationLatency: 3592, firstByteLatency: 1019 }, [['stop-max-tokens', [24]]]],
  'invoke-claude3sonnet-tool-use-metrics-disagree.bin': ['tool_use', { input_tokens: 273, output_tokens: 88 }, { inputTokenCount: 273, outputTokenCount: 72, invocationLatency: 1337, firstByteLatency: 333 }, [['invocation-metrics-disagree', [25, 26]]]],
  'invoke-claude35sonnet-parallel-tool-use.bin': ['tool_use', { input_tokens: 702, output_tokens: 130 }, { inputTokenCount: 702, outputTokenCount: 98, invocationLatency: 3042, firstByteLatency: 791 }, [['invocation-metrics-disagree', [26, 27]]]],
};

/** Deterministic cuts, so that a failure names the same split again. */
const cutsOf = (length: number, seed: number): number[] => Array.from({ length: 24 }, (_, i) => 1 + ((seed * 7919 + i * 104729) % (length - 1)));

describe('inspect --json of an InvokeModelWithResponseStream recording', () => {
  it.each(Object.entries(CLAUDE))('%s: anthropic-messages in aws-eventstream, Anthropic’s message and usage, Bedrock’s count beside them', async (name, [stopReason, usage, metrics, findings]) => {
    const body = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    const whole = await inspect(name, [body]);
    expect(whole).toMatchObject({ protocol: 'anthropic-messages', framing: 'aws-eventstream', usage, invocation_metrics: metrics, message: { type: 'message', role: 'assistant', stop_reason: stopReason, usage } });
    expect(untimed(whole.diagnostics).map(({ code, events }) => [code, events])).toEqual(findings);
    if (findings[0]![0] === 'invocation-metrics-disagree') {
      const [bedrock, anthropic] = [(metrics as { outputTokenCount: number }).outputTokenCount, (usage as { output_tokens: number }).output_tokens];
      expect(untimed(whole.diagnostics)[0]!.message).toContain(`count ${bedrock} output tokens (outputTokenCount) where the usage says ${anthropic} (output_tokens)`);
    }
    expect(split(await inspect(name, byteByByte(body)))).toEqual(split(whole));
    expect(split(await inspect(name, splitAt(body, cutsOf(body.length, name.length))))).toEqual(split(whole));
  });

  it.each([
    ['invoke-novamicro-converse-shaped-events.bin', (PROTOCOLS as readonly string[]).includes('bedrock-converse') ? 'bedrock-converse' : null, 11],
    ['invoke-titan-express-native-events.bin', null, 2],
  ] as const)('%s: read as %s, every chunk an event, nothing thrown', async (name, protocol, events) => {
    const body = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    for (const reads of [[body], byteByByte(body)]) {
      const contract = await inspect(name, reads);
      expect([contract.protocol, contract.framing, contract.counts.events, untimed(contract.diagnostics).filter((found) => found.severity !== 'info').map((found) => found.code)]).toEqual([protocol, 'aws-eventstream', events, []]);
    }
  });
});
