// The contract test suite of the one API (shared/api/contract.ts): every call, its answers and
// its refusals, the pushes of live recordings, and the rule that no answer and no push ever
// carries a key. Run against the in-process backend (./backend.contract.test.ts) and against
// serve mode's HTTP bridge (../serve/serve.contract.test.ts): the two must not differ.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../shared/api/client.ts';
import type { ApiClient, ApiTransport } from '../../../shared/api/client.ts';
import { encodeJson } from '../../../shared/api/codec.ts';
import { API_CALLS } from '../../../shared/api/contract.ts';
import { unpackReads, unpackRecording } from '../../../shared/api/packed.ts';
import type { ApiPush, LiveBatch, LiveFinished } from '../../../shared/api/contract.ts';
import type { ApiReply } from '../../../shared/api/errors.ts';
import { EXPORT_FORMATS } from '../../../shared/export/types.ts';
import { exporterFor, exporters } from '../../../shared/export/registry.ts';
import { analyzeRecording, recordingFromSse } from '../../../shared/index.ts';
import { PROFILES } from '../recorder/profiles.ts';
import { descriptionIn, scenariosOf } from '../simulator/index.ts';
import { concat, tempDbPath } from '../store/test-support.ts';
import type { BackendOptions } from './index.ts';
import { memoryKeyVault } from './keys.ts';
import { keyContractCases } from './contract-keys.cases.ts';
import { captureContractCases } from './contract-capture.cases.ts';
import { checkContractCases } from './contract-checks.cases.ts';
import { clientCheckContractCases } from './contract-client-checks.cases.ts';
import { dialectContractCases } from './contract-dialects.cases.ts';
import { liveContractCases } from './contract-live.cases.ts';
import { eventually, FAST, hello, startEchoServer } from './test-support.ts';

export interface ContractHarness {
  readonly transport: ApiTransport;
  /** Resolves once pushes are delivered. */
  ready(): Promise<void>;
  /** Every byte the transport received, as text, where there is a wire (serve mode). */
  readonly wire?: () => string;
  close(): Promise<void>;
}

export type Connect = (options: BackendOptions) => Promise<ContractHarness>;

const REAL_STREAMS = join(import.meta.dirname, '../../../shared/test/fixtures/real-streams');
const fixture = (name: string) => new Uint8Array(readFileSync(join(REAL_STREAMS, name)));
const ENV_KEY = 'gsk_fromTheEnvironment0123456789wxyz';
const SET_KEY = 'sk-proj-setThroughTheApi0123456789abcdefGHIJ';

interface Received {
  readonly push: ApiPush;
  readonly payload: unknown;
}

/** What the suite's parts share; the values change with each test. */
export interface SuiteContext {
  readonly api: ApiClient;
  readonly pushes: readonly Received[];
  batchesOf(id: number): LiveBatch[];
  finishedOf(id: number): LiveFinished | undefined;
  whenFinished(id: number): Promise<LiveFinished>;
}

export function contractSuite(connect: Connect): void {
  let harness: ContractHarness;
  let api: ApiClient;
  let replies: ApiReply[];
  let pushes: Received[];
  let unsubscribe: () => void;

  beforeEach(async () => {
    harness = await connect({ dbPath: tempDbPath(), keys: memoryKeyVault(), env: { GROQ_API_KEY: ENV_KEY } });
    replies = [];
    pushes = [];
    const recorded: ApiTransport = {
      call: async (call, input) => {
        const reply = await harness.transport.call(call, input);
        replies.push(reply);
        return reply;
      },
      subscribe: (listener) => harness.transport.subscribe(listener),
    };
    api = createApiClient(recorded);
    unsubscribe = harness.transport.subscribe((push, payload) => pushes.push({ push, payload }));
    await harness.ready();
  });

  afterEach(async () => {
    unsubscribe();
    await harness.close();
  });

  const ctx: SuiteContext = {
    get api() {
      return api;
    },
    get pushes() {
      return pushes;
    },
    batchesOf: (id) => batchesOf(id),
    finishedOf: (id) => finishedOf(id),
    whenFinished: (id) => whenFinished(id),
  };

  const batchesOf = (id: number) => pushes.filter((p) => p.push === 'live' && (p.payload as LiveBatch).id === id).map((p) => p.payload as LiveBatch);
  const finishedOf = (id: number) => pushes.find((p) => p.push === 'finished' && (p.payload as LiveFinished).id === id)?.payload as LiveFinished | undefined;
  const whenFinished = (id: number) => eventually(() => finishedOf(id), `recording ${id} to finish`);
  const importFixture = async (name: string, tags?: string[]) => (await api.importFile({ name, bytes: fixture(name), ...(tags ? { tags } : {}) })).ids[0]!;

  describe('recordings', () => {
    it('imports a real capture byte for byte, named after the file, and gives it back with its events', async () => {
      const name = 'openai-gpt4o-parallel-tool-calls.sse';
      const id = await importFixture(name, ['corpus']);
      const got = await api.getRecording({ id });
      const expected = analyzeRecording(recordingFromSse(fixture(name)));
      expect(got!.recording).toMatchObject({ id, name, source: 'sse', tags: ['corpus'] });
      expect(concat(got!.recording.reads)).toEqual(fixture(name));
      expect(got!.events.map((event) => event.data)).toEqual(expected.events.map((event) => event.sse.data));
      expect(got!.recording.summary).toMatchObject({ eventCount: expected.events.length, bytes: fixture(name).length, finishReasons: ['tool_calls'] });
    });

    it('opens a recording packed for the view: the same recording, its reads cut back out of one body', async () => {
      const id = await importFixture('openai-gpt4o-parallel-tool-calls.sse');
      const packed = await api.openRecording({ id });
      const whole = (await api.getRecording({ id }))!.recording;
      expect(unpackRecording(packed!)).toEqual(whole);
      expect(await api.openRecording({ id: 424242 })).toBeNull();
      const slice = (await api.openRecording({ id, fromRead: 2, readLimit: 3 }))!;
      expect([slice.fromRead, slice.readCount]).toEqual([2, whole.reads.length]);
      expect(unpackReads(slice)).toEqual(whole.reads.slice(2, 5));
    });

    it('answers null for a recording it does not have', async () => {
      expect(await api.getRecording({ id: 424242 })).toBeNull();
    });

    it('lists recordings newest first, with the total, filtered and paged', async () => {
      const first = await importFixture('openai-gpt4o-length-truncated.sse', ['cut']);
      const second = await importFixture('groq-llama33-text-x-groq.sse');
      const third = await importFixture('openai-gpt4o-refusal-logprobs.sse', ['cut']);
      const all = await api.listRecordings({});
      expect(all.total).toBe(3);
      expect(all.items.map((item) => item.id)).toEqual([third, second, first]);
      expect((await api.listRecordings({ tag: 'cut' })).items.map((item) => item.id)).toEqual([third, first]);
      expect(await api.listRecordings({ limit: 1, offset: 1 })).toMatchObject({ total: 3, items: [{ id: second }] });
      expect((await api.listRecordings({ text: 'groq-llama33' })).items.map((item) => item.id)).toEqual([second]);
    });

    it('renames and tags a recording, and says false for one it does not have', async () => {
      const id = await importFixture('openai-gpt4o-length-truncated.sse');
      expect(await api.renameRecording({ id, name: 'Cut at max_tokens' })).toBe(true);
      expect(await api.tagRecording({ id, tags: ['length', 'openai'] })).toBe(true);
      expect((await api.getRecording({ id }))!.recording).toMatchObject({ name: 'Cut at max_tokens', tags: ['length', 'openai'] });
      expect(await api.renameRecording({ id, name: null })).toBe(true);
      expect((await api.getRecording({ id }))!.recording.name).toBeNull();
      expect(await api.renameRecording({ id: 999, name: 'x' })).toBe(false);
      expect(await api.tagRecording({ id: 999, tags: [] })).toBe(false);
    });

    it('deletes a recording once: true, then false', async () => {
      const id = await importFixture('openai-gpt4o-length-truncated.sse');
      expect(await api.deleteRecording({ id })).toBe(true);
      expect(await api.getRecording({ id })).toBeNull();
      expect(await api.deleteRecording({ id })).toBe(false);
    });
  });

  describe('import and export', () => {
    it('refuses a file it cannot read as a recording, naming the file and the line', async () => {
      const bytes = new TextEncoder().encode('{"recording":1}\n{"t":1,"text":"data: x\\n\\n"}\nnot json\n');
      await expect(api.importFile({ name: 'folder/broken.ssrec.jsonl', bytes })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: `importFile: broken.ssrec.jsonl: line 3: not JSON (Unexpected token 'o', "not json" is not valid JSON)`,
      });
      expect((await api.listRecordings({})).total).toBe(0);
    });

    it('exports a recording in every registered format, and refuses the others', async () => {
      const started = await api.startRecording({ profile: 'simulator', model: 'sim-parallel-tool-calls', messages: hello, params: FAST, name: 'Three tools!' });
      await whenFinished(started.id);
      const stored = (await api.getRecording({ id: started.id }))!.recording;
      for (const format of EXPORT_FORMATS) {
        const exporter = exporterFor(format);
        if (!exporter) {
          await expect(api.exportRecording({ id: started.id, format })).rejects.toMatchObject({ code: 'unavailable', message: `exportRecording: the ${format} format is not available in this build` });
          continue;
        }
        expect(await api.exportRecording({ id: started.id, format })).toEqual({
          fileName: `Three-tools${exporter.extension}`,
          mediaType: exporter.mediaType,
          content: exporter.export(stored, { name: 'Three tools!', id: started.id }),
        });
      }
    });

    it('exports an imported body byte for byte, and says why a format cannot hold a recording or an id is unknown', async () => {
      const name = 'openai-gpt4o-structured-text-usage.sse';
      const id = await importFixture(name);
      const sse = await api.exportRecording({ id, format: 'sse' });
      expect(sse.fileName).toBe('openai-gpt4o-structured-text-usage.sse');
      expect(typeof sse.content === 'string' ? new TextEncoder().encode(sse.content) : sse.content).toEqual(fixture(name));
      if (exporterFor('curl')) {
        await expect(api.exportRecording({ id, format: 'curl' })).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^exportRecording: .*no request/) });
      }
      await expect(api.exportRecording({ id: 999, format: 'sse' })).rejects.toMatchObject({ code: 'not-found', message: 'no recording 999' });
    });

    it('imports what it exported: a HAR and a timed recording come back byte for byte, the timing kept', async () => {
      const started = await api.startRecording({ profile: 'simulator', model: 'sim-reasoning', messages: hello, params: FAST });
      await whenFinished(started.id);
      const original = (await api.getRecording({ id: started.id }))!;
      for (const format of ['har', 'ssrec'] as const) {
        const file = await api.exportRecording({ id: started.id, format });
        const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
        const { ids } = await api.importFile({ name: file.fileName, bytes, tags: ['round trip'] });
        expect(ids).toHaveLength(1);
        const back = (await api.getRecording({ id: ids[0]! }))!;
        expect(back.recording).toMatchObject({ source: format, name: file.fileName, tags: ['round trip'] });
        expect(Buffer.compare(concat(back.recording.reads), concat(original.recording.reads))).toBe(0);
        expect(back.events.map((event) => event.data)).toEqual(original.events.map((event) => event.data));
      }
    });

    it('refuses an empty file and one in no format it reads, storing nothing', async () => {
      await expect(api.importFile({ name: 'empty.sse', bytes: new Uint8Array(0) })).rejects.toMatchObject({ code: 'invalid-argument', message: 'importFile: empty.sse: the file is empty' });
      await expect(api.importFile({ name: 'notes.md', bytes: new TextEncoder().encode('# Notes\nnothing streamed here\n') })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: expect.stringMatching(/^importFile: notes\.md: not a format Streamscope reads/),
      });
      expect((await api.listRecordings({})).total).toBe(0);
    });

    it('lists the registered export formats in menu order', async () => {
      expect(await api.listExportFormats({})).toEqual(exporters().map(({ format, description, extension }) => ({ format, description, extension })));
    });
  });

  describe('profiles, keys and scenarios', () => {
    it('lists every profile, whether it needs a key, and a key from the environment by its suffix only', async () => {
      const profiles = await api.listProfiles({});
      expect(profiles.map((profile) => profile.name)).toEqual(PROFILES.map((profile) => profile.name));
      expect(profiles.find((profile) => profile.name === 'groq')).toMatchObject({ needsKey: true, key: { profile: 'groq', source: 'env', suffix: '…wxyz' } });
      expect(profiles.find((profile) => profile.name === 'openai')).toMatchObject({ needsKey: true, key: null, baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini' });
      expect(profiles.find((profile) => profile.name === 'simulator')).toMatchObject({ needsKey: false, key: null, defaultModel: 'sim-text' });
    });

    it('keeps a key set through the API, shows its suffix, and falls back to the environment once it is deleted', async () => {
      expect(await api.setKey({ profile: 'openai', key: `  ${SET_KEY}\t` })).toEqual({ profile: 'openai', source: 'memory', suffix: '…GHIJ' });
      expect(await api.setKey({ profile: 'groq', key: 'gsk_short' })).toEqual({ profile: 'groq', source: 'memory', suffix: '…HORT'.replace('HORT', 'hort') });
      expect((await api.listProfiles({})).filter((profile) => profile.key !== null).map((profile) => profile.key)).toEqual([
        { profile: 'openai', source: 'memory', suffix: '…GHIJ' },
        { profile: 'groq', source: 'memory', suffix: '…hort' },
      ]);
      expect(await api.deleteKey({ profile: 'groq' })).toBe(true);
      expect(await api.deleteKey({ profile: 'groq' })).toBe(false);
      expect((await api.listProfiles({})).find((profile) => profile.name === 'groq')!.key).toEqual({ profile: 'groq', source: 'env', suffix: '…wxyz' });
    });

    it('shows nothing of a key of eight characters or fewer', async () => {
      expect(await api.setKey({ profile: 'mistral', key: 'abcdefgh' })).toEqual({ profile: 'mistral', source: 'memory', suffix: '…' });
    });

    it('refuses a key for a profile it does not know, and a blank key', async () => {
      await expect(api.setKey({ profile: 'nope', key: SET_KEY })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/^no profile named "nope" \(one of openai, /) });
      await expect(api.deleteKey({ profile: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
      await expect(api.setKey({ profile: 'openai', key: '   ' })).rejects.toMatchObject({ code: 'invalid-argument', message: 'setKey: key: the key is blank' });
    });

    it("lists the simulator's scenarios with the model that selects each", async () => {
      const scenarios = await api.listScenarios({});
      expect(scenarios).toEqual(scenariosOf('chat-completions').map((scenario) => ({ name: scenario.name, model: `sim-${scenario.name}`, description: descriptionIn(scenario, 'chat-completions') })));
      expect(scenarios[0]).toMatchObject({ name: 'text', model: 'sim-text' });
    });
  });

  liveContractCases(ctx);
  dialectContractCases(ctx);
  captureContractCases(ctx);
  keyContractCases(ctx, ENV_KEY);
  checkContractCases(ctx);
  clientCheckContractCases(ctx);

  describe('secrets', () => {
    it('never answers or pushes a key, though the server it records from received it', async () => {
      const echo = await startEchoServer();
      try {
        await api.setKey({ profile: 'openai', key: SET_KEY });
        const sendKeyTo = new URL(echo.baseUrl).origin;
        const started = await api.startRecording({ profile: 'openai', baseUrl: echo.baseUrl, model: 'echo-model', messages: hello, headers: { 'x-trace': 'kept' }, sendKeyTo });
        await whenFinished(started.id);
        const fromEnv = await api.startRecording({ profile: 'groq', baseUrl: echo.baseUrl, model: 'echo-model', messages: hello, sendKeyTo });
        await whenFinished(fromEnv.id);
        expect(echo.received.map((headers) => headers.authorization)).toEqual([`Bearer ${SET_KEY}`, `Bearer ${ENV_KEY}`]);

        // Everything that came back: recordings with their echoed headers, lists, profiles, exports.
        const stored = (await api.getRecording({ id: started.id }))!.recording;
        expect(stored.request!.headers).toMatchObject({ authorization: 'Bearer sk-proj-…GHIJ', 'x-trace': 'kept' });
        expect(stored.response!.headers).toMatchObject({ authorization: 'Bearer sk-proj-…GHIJ', 'x-trace': 'kept' });
        await api.getRecording({ id: fromEnv.id });
        await api.listRecordings({});
        await api.listProfiles({});
        for (const { format } of await api.listExportFormats({})) await api.exportRecording({ id: started.id, format });

        const seen = [...replies, ...pushes.map((p) => p.payload)].map((value) => encodeJson(value)).join('\n') + (harness.wire?.() ?? '');
        expect(pushes.filter((p) => p.push === 'live').length).toBeGreaterThan(0);
        for (const key of [SET_KEY, ENV_KEY]) {
          expect(seen).toContain(`…${key.slice(-4)}`);
          // Not the key, nor any 12 characters of it before its last four.
          expect(around(seen, key)).toEqual([]);
          expect(around(seen, key.slice(-16, -4))).toEqual([]);
        }
      } finally {
        await echo.close();
      }
    });
  });

  describe('bad arguments', () => {
    const malformed: [string, unknown, RegExp][] = [
      ['listRecordings', { limit: 0 }, /^listRecordings: limit: /],
      ['listRecordings', { outcome: 'exploded' }, /^listRecordings: outcome: /],
      ['listRecordings', { origin: 'elsewhere' }, /^listRecordings: origin: /],
      ['getRecording', { id: '1' }, /^getRecording: id: Invalid input: expected number, received string$/],
      ['getRecording', {}, /^getRecording: id: /],
      ['openRecording', { id: 1.5 }, /^openRecording: id: /],
      ['openRecording', { id: 1, readLimit: 0 }, /^openRecording: readLimit: /],
      ['renameRecording', { id: 1, name: 7 }, /^renameRecording: name: /],
      ['tagRecording', { id: 1, tags: [''] }, /^tagRecording: tags\.0: /],
      ['deleteRecording', { id: -1 }, /^deleteRecording: id: /],
      ['startRecording', { profile: 'simulator', messages: [] }, /^startRecording: messages: /],
      ['startRecording', { profile: 'simulator', messages: hello, baseUrl: 'file:///etc/passwd' }, /^startRecording: baseUrl: /],
      ['startRecording', { profile: 'simulator', messages: hello, protocol: 'completions' }, /^startRecording: protocol: /],
      ['startRecording', { profile: 'simulator', messages: hello, headers: { 'x-a': 'b\r\nx-injected: 1' } }, /^startRecording: headers\.x-a: the value holds a carriage return \(CR\)$/],
      ['cancelRecording', { id: 1.5 }, /^cancelRecording: id: /],
      ['listProfiles', { all: true }, /^listProfiles: argument: /],
      ['setKey', { profile: 'openai', key: 'sk-a\nb' }, /^setKey: key: the key holds a line feed \(LF\)$/],
      ['deleteKey', { profile: '' }, /^deleteKey: profile: /],
      ['listScenarios', null, /^listScenarios: argument: /],
      ['listScenarios', { protocol: 'messages' }, /^listScenarios: protocol: /],
      ['importFile', { name: 'a.sse', bytes: [100, 97] }, /^importFile: bytes: expected bytes$/],
      ['exportRecording', { id: 1, format: 'pdf' }, /^exportRecording: format: /],
      ['listExportFormats', 'all', /^listExportFormats: argument: /],
      ['startReplay', { recordings: [] }, /^startReplay: recordings: /],
      ['startReplay', { recordings: [1], faults: { cutAfterEvent: -1 } }, /^startReplay: faults\.cutAfterEvent: /],
      ['startReplay', { recordings: [1], faults: { errorAfterEvent: 1.5 } }, /^startReplay: faults\.errorAfterEvent: /],
      ['startReplay', { recordings: [1], faults: { status: { code: 99 } } }, /^startReplay: faults\.status\.code: /],
      ['startReplay', { recordings: [1], port: 70000 }, /^startReplay: port: /],
      ['stopReplay', { id: 0 }, /^stopReplay: id: /],
      ['listReplays', { running: true }, /^listReplays: argument: /],
      ['replayLog', { id: 'all' }, /^replayLog: id: /],
      ['startProxy', { upstreams: [{ url: 'file:///etc' }] }, /^startProxy: upstreams\.0\.url: /],
      ['startProxy', { cassettes: { dir: '/tmp', mode: 'play' } }, /^startProxy: cassettes\.mode: /],
      ['stopProxy', { id: 'x' }, /^stopProxy: id: /],
      ['listProxies', { all: 1 }, /^listProxies: argument: /],
      ['proxyLog', {}, /^proxyLog: id: /],
      ['listChecks', { protocol: 'chat-completions' }, /^listChecks: argument: /],
      ['startCheck', { profile: '' }, /^startCheck: profile: /],
      ['startCheck', { profile: 'simulator', baseUrl: 'file:///etc' }, /^startCheck: baseUrl: /],
      ['startCheck', { profile: 'simulator', protocols: ['completions'] }, /^startCheck: protocols\.0: /],
      ['startCheck', { profile: 'simulator', concurrency: 17 }, /^startCheck: concurrency: /],
      ['cancelCheck', { id: 'x' }, /^cancelCheck: id: /],
      ['listCheckRuns', { limit: 0 }, /^listCheckRuns: limit: /],
      ['getCheckRun', {}, /^getCheckRun: id: /],
      ['deleteCheckRun', { id: 1.5 }, /^deleteCheckRun: id: /],
      ['listClientCases', { protocol: 'chat-completions' }, /^listClientCases: argument: /],
      ['startClientCheck', { command: '' }, /^startClientCheck: command: /],
      ['startClientCheck', { command: 'node client.mjs', env: { OPENAI_API_KEY: 'sk-x' } }, /^startClientCheck: argument: /],
      ['startClientCheck', { command: 'node client.mjs', protocols: ['completions'] }, /^startClientCheck: protocols\.0: /],
      ['startClientCheck', { command: 'node client.mjs', timeoutMs: -1 }, /^startClientCheck: timeoutMs: /],
      ['cancelClientCheck', { id: 'x' }, /^cancelClientCheck: id: /],
      ['listClientRuns', { limit: 0 }, /^listClientRuns: limit: /],
      ['getClientRun', {}, /^getClientRun: id: /],
      ['deleteClientRun', { id: 1.5 }, /^deleteClientRun: id: /],
    ];

    it('has a malformed argument for every call here', () => {
      expect(new Set(malformed.map(([call]) => call))).toEqual(new Set(API_CALLS));
    });

    it.each(malformed)('refuses %s(%j) with invalid-argument, naming the field', async (call, input, message) => {
      const reply = await harness.transport.call(call as never, input);
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-argument', message: expect.stringMatching(message) } });
    });

    it('refuses a call that does not exist', async () => {
      for (const call of ['nope', 'constructor', '__proto__']) {
        expect(await harness.transport.call(call as never, {})).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
      }
    });
  });
}

/** Where `needle` occurs in `text`, with a little context either side (a failure shows where, not the whole text). */
function around(text: string, needle: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(needle); at >= 0 && found.length < 5; at = text.indexOf(needle, at + 1)) found.push(text.slice(Math.max(0, at - 80), at + needle.length + 20));
  return found;
}
