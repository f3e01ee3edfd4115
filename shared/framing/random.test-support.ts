// Random bodies in each registered framing, for the dialect suite's "never throws on random
// messages" (dialect.suite.ts): one line a framing, keyed by FramingName, so the compiler asks a new
// framing for its generator.

import type fc from 'fast-check';
import { randomEventStreamBodies } from './aws-eventstream/random.test-support.ts';
import { randomJsonArrayBodies } from './json-array/random.test-support.ts';
import { randomSseBodies } from './sse/random.test-support.ts';
import type { FramingName } from './types.ts';

export const RANDOM_BODIES: { readonly [N in FramingName]: fc.Arbitrary<Uint8Array> } = {
  sse: randomSseBodies,
  'aws-eventstream': randomEventStreamBodies,
  'json-array': randomJsonArrayBodies,
};
