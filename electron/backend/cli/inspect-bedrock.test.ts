// `streamscope inspect` on Bedrock's real event-stream bodies (shared/test/fixtures/bedrock/, their
// sources in SOURCES.md), read as a user reads them — a bare .bin file, no request, no head: the
// first prelude tells the framing, the frames the dialect. ConverseStream's bodies are read as
// bedrock-converse; InvokeModelWithResponseStream's by the events their chunks carry: Claude's as
// anthropic-messages, Nova's Converse-shaped ones as bedrock-converse, Titan's own as no dialect.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnalysisContract } from '../../../shared/index.ts';
import { runCli as run } from './test-support.ts';

const DIR = fileURLToPath(new URL('../../../shared/test/fixtures/bedrock/', import.meta.url));
const INDEX = JSON.parse(readFileSync(DIR + 'index.json', 'utf8')) as { readonly file: string; readonly covers: readonly string[] }[];
const bins = INDEX.map((entry) => entry.file).filter((file) => file.endsWith('.bin'));
/** The dialect an invoke body's chunks tell. */
const INVOKE_DIALECTS: Readonly<Record<string, string | null>> = {
  'invoke-claude35sonnet-parallel-tool-use.bin': 'anthropic-messages',
  'invoke-claude35sonnet-text-max-tokens.bin': 'anthropic-messages',
  'invoke-claude3sonnet-tool-use-metrics-disagree.bin': 'anthropic-messages',
  'invoke-novamicro-converse-shaped-events.bin': 'bedrock-converse',
  'invoke-titan-express-native-events.bin': null,
};

describe('inspect --json of the real Bedrock event-stream bodies', () => {
  it('finds them: eight ConverseStream bodies and five invoke ones', () => {
    expect([bins.filter((file) => file.startsWith('converse-')).length, bins.filter((file) => file.startsWith('invoke-')).length]).toEqual([8, 5]);
  });

  it.each(bins.map((file) => [file]))('%s: framed as aws-eventstream, its dialect the one its frames tell, every CRC holding', async (file) => {
    const { code, out } = await run('inspect', DIR + file, '--json');
    expect(code).toBe(0);
    const contract = JSON.parse(out) as AnalysisContract;
    expect([contract.framing, contract.protocol]).toEqual(['aws-eventstream', file.startsWith('converse-') ? 'bedrock-converse' : INVOKE_DIALECTS[file]]);
    expect(contract.diagnostics.filter((found) => found.code.startsWith('frame-'))).toEqual([]);
  });

  it("prints a ConverseStream body's response for people: its blocks, the tool use's input, its stopReason and usage", async () => {
    const { code, out } = await run('inspect', DIR + 'converse-claude35sonnet-text-then-tool-use.bin');
    expect(code).toBe(0);
    expect(out).toContain('  message (role assistant, stopReason "tool_use")\n    content[0] text:\n      I can certainly help you with the weather in San Francisco');
    expect(out).toContain('    content[1] toolUse get_weather  toolUseId tooluse_wnjikhCUTruJciycmmm5Kg\n      {\n        "location": "San Francisco, CA",\n        "unit": "fahrenheit"\n      }');
    expect(out).toContain('Usage\n  input 414, output 114 tokens  {"inputTokens":414,"outputTokens":114,"totalTokens":528}');
  });

  it('marks a max_tokens stop in the report, and finds it', async () => {
    const { out } = await run('inspect', DIR + 'converse-jamba15mini-max-tokens.bin');
    expect(out).toMatch(/message \(role assistant, stopReason "max_tokens"\)/);
    expect(out).toContain('stop-max-tokens');
  });
});
