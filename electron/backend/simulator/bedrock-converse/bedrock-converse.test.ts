// The simulator's Bedrock ConverseStream endpoint as a client meets it: AWS event-stream frames
// under application/vnd.amazon.eventstream, each CRC holding, each event's payload with its `p`
// padding; inferenceConfig.maxTokens honoured; a stream error as an exception frame inside the
// 200; refusals in Bedrock's shape, the exception named in x-amzn-ErrorType.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crcHolds, parseEventStream } from '../../../../shared/framing/aws-eventstream/parser.ts';
import { startSimulator } from '../index.ts';
import type { Simulator } from '../index.ts';
import { exchangeAt } from '../test-helpers.ts';

let simulator: Simulator;
beforeAll(async () => void (simulator = await startSimulator({ timeScale: 0 })));
afterAll(() => simulator.close());

const ask = (model: string, body: Record<string, unknown> = { messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }) => exchangeAt(`${simulator.url}/model/${model}/converse-stream`, body);
const header = (frame: ReturnType<typeof parseEventStream>['messages'][number], name: string) => frame.headers.find((each) => each.name === name)?.value;

describe('the simulator as Bedrock ConverseStream', () => {
  it('streams a text answer as event-stream frames: each CRC holding, each payload padded, messageStop then metadata', async () => {
    const answer = await ask('sim-text');
    expect([answer.status, answer.headers['content-type'], (answer.headers['x-amzn-requestid'] ?? '').length > 0]).toEqual([200, 'application/vnd.amazon.eventstream', true]);
    const { messages, partial } = parseEventStream(answer.body);
    expect(partial).toBeNull();
    expect(messages.every(crcHolds)).toBe(true);
    expect(messages.map((frame) => header(frame, ':message-type'))).toEqual(messages.map(() => 'event'));
    const types = messages.map((frame) => frame.event);
    expect([types[0], types.at(-3), types.at(-2), types.at(-1)]).toEqual(['messageStart', 'contentBlockStop', 'messageStop', 'metadata']);
    const payloads = messages.map((frame) => JSON.parse(frame.data!) as Record<string, unknown>);
    expect(payloads.every((payload) => typeof payload.p === 'string' && /^[A-Za-z0-9]{1,60}$/.test(payload.p))).toBe(true);
    // Members by name, as Bedrock writes them.
    expect(payloads.every((payload) => JSON.stringify(Object.keys(payload)) === JSON.stringify(Object.keys(payload).sort()))).toBe(true);
    expect(payloads.at(-2)).toMatchObject({ stopReason: 'end_turn' });
  });

  it('stops at inferenceConfig.maxTokens with stopReason max_tokens', async () => {
    const { messages } = parseEventStream((await ask('sim-text', { messages: [], inferenceConfig: { maxTokens: 3 } })).body);
    expect(messages.filter((frame) => frame.event === 'contentBlockDelta')).toHaveLength(3);
    expect(JSON.parse(messages.at(-2)!.data!)).toMatchObject({ stopReason: 'max_tokens' });
  });

  it('ends a stream error with a modelStreamErrorException frame inside the 200, and nothing after it', async () => {
    const answer = await ask('sim-stream-error');
    expect(answer.status).toBe(200);
    const last = parseEventStream(answer.body).messages.at(-1)!;
    expect([header(last, ':message-type'), header(last, ':exception-type'), last.event]).toEqual(['exception', 'modelStreamErrorException', 'modelStreamErrorException']);
    expect(JSON.parse(last.data!)).toMatchObject({ message: 'The model encountered an error while streaming. Try your request again.', originalStatusCode: 500 });
  });

  it("refuses in Bedrock's shape: the exception in x-amzn-ErrorType, {message} in the body", async () => {
    const bad = await ask('sim-text', { messages: 'not a list' });
    expect([bad.status, bad.headers['x-amzn-errortype'], JSON.parse(bad.text)]).toEqual([400, 'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/', { message: 'Malformed input request: messages must be a list, please reformat your input and try again.' }]);
    const unknown = await ask('gpt-4o');
    expect([unknown.status, unknown.headers['x-amzn-errortype']?.split(':')[0]]).toEqual([400, 'ValidationException']);
    expect((JSON.parse(unknown.text) as { message: string }).message).toContain('sim-tool-call');
    const limited = await ask('sim-rate-limit');
    expect([limited.status, limited.headers['x-amzn-errortype']?.split(':')[0]]).toEqual([429, 'ThrottlingException']);
  });

  it('answers a refused request 200 with a validationException frame for sim-error-streamed, as the defective server does', async () => {
    const answer = await ask('sim-error-streamed', { messages: 'not a list' });
    expect([answer.status, answer.headers['content-type']]).toEqual([200, 'application/vnd.amazon.eventstream']);
    const [frame] = parseEventStream(answer.body).messages;
    expect([header(frame!, ':exception-type'), crcHolds(frame!), JSON.parse(frame!.data!)]).toEqual(['validationException', true, { message: 'Malformed input request: messages must be a list, please reformat your input and try again.' }]);
  });
});
