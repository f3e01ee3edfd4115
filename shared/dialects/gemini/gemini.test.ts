// The Gemini dialect through the dialect suite, over the real streams of shared/test/fixtures/gemini/;
// and what it reads of them, exactly: the final object a next turn copies its parts from, the
// streamed function-call arguments assembled, each finding on a body that shows it and on none
// that does not, and the words for each event.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeDialect } from '../dialect.suite.ts';
import { gemini } from './index.ts';
import { geminiSamples } from './gemini-samples.test-support.ts';
import type { GeminiFixture } from './gemini-samples.test-support.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/gemini/', import.meta.url));
const read = (name: GeminiFixture) => new Uint8Array(readFileSync(FIXTURES + name));

describeDialect(gemini, geminiSamples(read), 'gemini');
