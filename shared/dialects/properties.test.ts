// The dialect suite (dialect.suite.ts) over every registered dialect, each with the samples its
// folder brings (NAME/samples.test-support.ts, found here rather than listed, so that a dialect
// added to registry.ts is run with no edit to this file), and over the raw reading of a stream
// no dialect claims.

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeDialect } from './dialect.suite.ts';
import type { FolderSamples, SampleBody } from './dialect.suite.ts';
import { raw } from './raw.ts';
import { REGISTERED_DIALECTS } from './registry.ts';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../test/fixtures/', import.meta.url));

const fixture = (path: string): SampleBody => ({ name: path, bytes: new Uint8Array(readFileSync(FIXTURES + path)) });

const folders = readdirSync(HERE, { withFileTypes: true }).filter((entry) => entry.isDirectory() && readdirSync(HERE + entry.name).includes('samples.test-support.ts'));
const brought = await Promise.all(folders.map(async (folder) => ((await import(`./${folder.name}/samples.test-support.ts`)) as { samples: FolderSamples }).samples));

describe('the registered dialects', () => {
  it('each bring their samples from their folder', () => {
    expect(REGISTERED_DIALECTS.filter((dialect) => !brought.some((own) => own.dialect === dialect)).map((dialect) => dialect.protocol)).toEqual([]);
  });
});

for (const dialect of REGISTERED_DIALECTS) {
  const own = brought.find((folder) => folder.dialect === dialect);
  if (own) describeDialect(dialect, own.samples(fixture));
}

// The raw reading takes any body: here a Chat Completions and an Anthropic Messages stream, read as no dialect's.
describeDialect(raw, { bodies: [fixture('real-streams/openai-gpt4o-structured-text-usage.sse'), fixture('dialects/messages/anthropic-sonnet46-text.sse')] });
