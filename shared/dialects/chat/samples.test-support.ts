// What Chat Completions brings to the dialect suite (dialect.suite.ts): real streams, as their
// servers sent them — tool calls in parallel, a refusal with logprobs, text with a usage chunk,
// an error mid-stream.

import type { FolderSamples } from '../dialect.suite.ts';
import { chat } from './dialect.ts';

export const samples: FolderSamples = {
  dialect: chat,
  samples: (fixture) => ({
    bodies: [
      fixture('real-streams/openai-gpt4o-parallel-tool-calls.sse'),
      fixture('real-streams/openai-gpt4o-refusal-logprobs.sse'),
      fixture('real-streams/openai-gpt4o-structured-text-usage.sse'),
      fixture('real-streams/openrouter-minimax-midstream-error.sse'),
    ],
  }),
};
