// Chat Completions' client cases (issue 30, "The cases"): the streams real servers send, valid
// (a correct client assembles the same text and tool calls as our analysis does) and broken (a
// correct client reports an error). Identity and layout are api.openai.com's, from a real capture
// (real-streams/openai-gpt4o-structured-text-usage.sse: key order, `logprobs:null`, the role
// chunk's `content:""` and `refusal:null`, the finish chunk's `delta:{}`); the tool calls and the
// repeated role are real streams themselves (corpus.ts).

import { DEFAULT_GAP_MS, DEFAULT_SLOW_FIRST_TOKEN_MS } from '../types.ts';
import type { CaseOptions, ClientCase } from '../types.ts';
import { assembledBy } from '../expected.ts';
import { chatOutput } from './assembled.ts';
import { caseRecording, eachInItsOwnWrite, splitAcrossReads, sseEvent } from '../wire.ts';
import type { StreamShape } from '../wire.ts';
import { AZURE_PROMPT_FILTER, DEEPSEEK_REASONING_CONTENT, GROQ_CHANGING_IDS, GROQ_X_GROQ, MISTRAL_TOOL_CALL_NO_INDEX, OPENAI_PARALLEL_TOOL_CALLS, SAMBANOVA_ROLE_REPEATED } from './corpus.ts';

const CAPTURE = 'real-streams/openai-gpt4o-structured-text-usage.sse (api.openai.com, openai-node test snapshot)';
const IDENTITY = { id: 'chatcmpl-9tZXEmwtoDf6vqCqEWSvDP8jx9OXe', object: 'chat.completion.chunk', created: 1723031664, model: 'gpt-4o-2024-08-06', system_fingerprint: 'fp_845eaabc1f' };

const chunk = (delta: Record<string, unknown>, finish: string | null = null): string => sseEvent({ ...IDENTITY, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
/** The capture's usage chunk: `choices: []`, after the finish chunk, before [DONE]. */
const USAGE = sseEvent({ ...IDENTITY, choices: [], usage: { prompt_tokens: 17, completion_tokens: 10, total_tokens: 27 } });
const DONE = 'data: [DONE]\n\n';

/** The answer's pieces: multi-byte characters of two, three and four bytes, so reads can cut inside them. */
const PIECES = ['Hello', '! Café', ' au lait ☕', ' in 東京', ' — 🚀 done.'];

const ROLE = chunk({ role: 'assistant', content: '', refusal: null });
const CONTENT = PIECES.map((piece) => chunk({ content: piece }));
const FINISH = chunk({}, 'stop');
const CLEAN = [ROLE, ...CONTENT, FINISH, DONE];

/** The capture with the second call's fragments left out: one call, in fragments, as OpenAI sends it. */
const ONE_TOOL_CALL = OPENAI_PARALLEL_TOOL_CALLS.filter((event) => !event.includes('"tool_calls":[{"index":1'));

type Shape = Omit<StreamShape, 'protocol'>;

function make(expect: ClientCase['expect'], id: string, serves: string, why: string, source: string, shape: Shape): ClientCase {
  const recording = caseRecording({ protocol: 'chat-completions', ...shape });
  return { id, protocol: 'chat-completions', expect, serves, why, source, recording, expected: expect === 'survive' ? assembledBy(recording, chatOutput) : null };
}

const httpError = (status: number, body: unknown, headers: Record<string, string> = {}): Shape => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  writes: [{ at: 0, bytes: new TextEncoder().encode(JSON.stringify(body)) }],
});

export function chatCases(options: CaseOptions = {}): readonly ClientCase[] {
  const gap = options.gapMs ?? DEFAULT_GAP_MS;
  const slow = options.slowFirstTokenMs ?? DEFAULT_SLOW_FIRST_TOKEN_MS;
  const own = (events: readonly string[], firstAt = 0): Shape => ({ writes: eachInItsOwnWrite(events, gap, firstAt) });
  return [
    make('survive', 'clean', 'A role chunk, five content deltas, a finish chunk and [DONE], each event in its own write, no usage chunk.', "api.openai.com's plain answer: the baseline every client must get right.", CAPTURE, own(CLEAN)),
    make('survive', 'split-reads', "clean's events, every one cut across two reads, inside a multi-byte character where it has one.", 'TCP and proxies deliver bytes, not events: a client that parses each read as whole events, or decodes each read as text on its own, breaks.', `${CAPTURE}; cut points ours`, { writes: splitAcrossReads(CLEAN, gap) }),
    make('survive', 'one-read', "clean's whole body in a single write.", 'A buffering proxy (nginx with proxy_buffering on) or a fast server delivers the stream at once: the client must find every event in one read.', CAPTURE, { writes: [{ at: 0, bytes: new TextEncoder().encode(CLEAN.join('')) }] }),
    make('survive', 'keepalive-comments', "clean's events with SSE comment lines before and between them (`: OPENROUTER PROCESSING`, `: keep-alive`).", 'OpenRouter sends comments while the model thinks (real-streams/openrouter-minimax-midstream-error.sse, 17 of them); proxies send keep-alives (openai-python #2722). The SSE spec says to ignore them.', 'WHATWG HTML, "Server-sent events", lines starting with a colon; real-streams/openrouter-minimax-midstream-error.sse', own([': OPENROUTER PROCESSING\n\n', ROLE, ': keep-alive\n\n', ...CONTENT.slice(0, 3), ': keep-alive\n\n', ...CONTENT.slice(3), FINISH, DONE])),
    make('survive', 'crlf', "clean's events with CRLF line endings.", 'The SSE spec allows CRLF, LF or CR; servers behind some gateways and on Windows stacks send CRLF, and a parser splitting on "\\n\\n" never sees an event end.', 'WHATWG HTML, "Server-sent events", end-of-line', own(CLEAN.map((event) => event.replaceAll('\n', '\r\n')))),
    make('survive', 'usage-chunk', "clean with the usage chunk (`choices: []`, `usage`) after the finish chunk, as `stream_options.include_usage` asks.", 'The last chunk has no choice at all: a client reading choices[0] of every chunk crashes on it (litellm #30870, triton #8082).', CAPTURE, own([ROLE, ...CONTENT, FINISH, USAGE, DONE])),
    make('survive', 'role-every-chunk', "SambaNova's stream as captured: `role: \"assistant\"` on every content chunk, `content: \"\"` on the finish chunk.", 'A client that starts a new message at each role loses the text before it.', 'real-streams/sambanova-llama31-role-repeated.sse (api.sambanova.ai, huggingface.js tape)', own(SAMBANOVA_ROLE_REPEATED)),
    make('survive', 'empty-deltas', 'Content deltas with `content: ""` and chunks with `delta: {}` between the real ones.', 'OpenAI sends `content: ""` in the role chunk and `obfuscation` padding chunks (real-streams/openai-gpt41nano-text-obfuscation.sse has 23 empty ones); a client that takes an empty delta for the end stops early.', `${CAPTURE}; real-streams/openai-gpt41nano-text-obfuscation.sse`, own([ROLE, CONTENT[0]!, chunk({ content: '' }), CONTENT[1]!, chunk({}), CONTENT[2]!, CONTENT[3]!, chunk({ content: '' }), CONTENT[4]!, FINISH, DONE])),
    make('survive', 'tool-call', 'One tool call in fragments: its id, type and name on the first with `arguments: ""`, then argument fragments by index, `finish_reason: "tool_calls"`, the usage chunk, [DONE].', 'The arguments are JSON only once every fragment is joined: a client must join them by index before parsing.', 'real-streams/openai-gpt4o-parallel-tool-calls.sse (api.openai.com, openai-python snapshot), the second call left out', own(ONE_TOOL_CALL)),
    make('survive', 'parallel-tools', 'Two tool calls, index 0 then index 1, each in fragments, as OpenAI sends them.', 'A client that keys fragments by position, or keeps only the first call, merges or drops a call.', 'real-streams/openai-gpt4o-parallel-tool-calls.sse (api.openai.com, openai-python snapshot)', own(OPENAI_PARALLEL_TOOL_CALLS)),
    make('survive', 'slow-first-token', `clean, the first event after ${slow / 1000} s of silence (the response line at once).`, 'A reasoning model or a queued request sends nothing for seconds: a client with a short read timeout gives up on a good answer.', CAPTURE, own(CLEAN, slow)),
    make('survive', 'azure-prompt-filter', "Azure's stream as captured: a first chunk with `choices: []`, empty id and model and `prompt_filter_results`, then `content_filter_results` on every choice.", 'The first chunk has no choice at all: a client reading choices[0] of every chunk, or taking the first chunk\'s id and model, breaks before any text.', 'real-streams/azure-gpt5nano-model-router-prompt-filter.sse (Azure OpenAI model router, a Vercel AI SDK fixture)', own(AZURE_PROMPT_FILTER)),
    make('survive', 'tool-call-no-index', "Mistral's stream as captured: one tool call with no `index` and no `type`, whole in one chunk with `finish_reason` and `usage`.", 'A client that keys fragments by index puts the call under `undefined`, or drops it.', 'real-streams/mistral-small-tool-call-no-index.sse (api.mistral.ai, a Vercel AI SDK fixture)', own(MISTRAL_TOOL_CALL_NO_INDEX)),
    make('survive', 'reasoning-content', "DeepSeek's stream as captured (its reasoning cut to 8 chunks): `reasoning_content` deltas with `content: null`, then the answer, usage on the finish chunk.", 'The reasoning is not the answer: a client that joins every text field, or stops at the first `content: null`, gets the wrong text.', 'real-streams/deepseek-reasoner-reasoning-content.sse (api.deepseek.com, a pydantic-ai cassette), the middle of its reasoning left out', own(DEEPSEEK_REASONING_CONTENT)),
    make('survive', 'x-groq-usage', "Groq's stream as captured (its middle left out): `x_groq` on the first and the finish chunk, the usage on the finish chunk, no `choices: []` usage chunk.", 'A client that waits for a separate usage chunk, or refuses unknown top-level keys, fails on Groq.', 'real-streams/groq-llama33-text-x-groq.sse (api.groq.com, a Vercel AI SDK fixture), 651 middle chunks left out', own(GROQ_X_GROQ)),
    make('survive', 'changing-ids', "Groq compound's stream as captured (its reasoning cut to 4 chunks): a different `id` on every chunk, the last one `\"stub\"`, `executed_tools` deltas, no role.", 'A client that starts a new message when the id changes, or needs a role first, loses the answer.', 'real-streams/groq-compound-executed-tools-changing-ids.sse (api.groq.com groq/compound, a pydantic-ai cassette), 170 reasoning chunks left out', own(GROQ_CHANGING_IDS)),
    make('detect', 'mid-stream-error', 'Two content deltas, then a chunk holding only `error` (vLLM\'s shape), then [DONE], all in a 200.', 'vLLM and Groq report a failure after the 200 has gone (real-streams/groq-gptoss-tool-use-failed-error-event.sse; OpenRouter\'s real-streams/openrouter-minimax-midstream-error.sse): a client that skips chunks without choices hands on half an answer.', 'vllm/entrypoints/openai/serving_chat.py (the error data line, then [DONE]); real-streams/groq-gptoss-tool-use-failed-error-event.sse', own([ROLE, CONTENT[0]!, CONTENT[1]!, sseEvent({ error: { object: 'error', message: 'The model ran out of memory mid-generation.', type: 'InternalServerError', param: null, code: 500 } }), DONE])),
    make('detect', 'cut-before-done', 'A role chunk and three content deltas, then the body ends cleanly: no finish reason, no [DONE].', 'A proxy timeout or a crashed worker ends the body on an event boundary: only the missing [DONE] and finish reason say the answer is cut.', `${CAPTURE}, cut after event 3`, own([ROLE, ...CONTENT.slice(0, 3)])),
    make('detect', 'connection-reset', 'A role chunk, two content deltas and half of the third, then the socket is destroyed.', 'A server or proxy that dies mid-event: the body ends without its last chunk.', `${CAPTURE}, cut inside event 3`, { writes: [...eachInItsOwnWrite([ROLE, CONTENT[0]!, CONTENT[1]!], gap), { at: 3 * gap, bytes: new TextEncoder().encode(CONTENT[2]!.slice(0, 60)) }], ending: 'error' }),
    make('detect', 'http-429', 'HTTP 429 with `retry-after: 1` and OpenAI\'s rate-limit error body, for every request.', 'Rate limits: a client may retry (the SDKs do, honouring retry-after) but must end with an error, not an empty answer.', 'OpenAI API reference, "Error codes" (429); openai-node src/client.ts (retry-after)', httpError(429, { error: { message: 'Rate limit reached for gpt-4o in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1.', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, { 'retry-after': '1' })),
    make('detect', 'http-500', "HTTP 500 with OpenAI's server error body, for every request.", 'The server failed before streaming: the client must say so.', 'OpenAI API reference, "Error codes" (500)', httpError(500, { error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } })),
  ];
}
