// Round trips: a stream recorded from the simulator into a store, exported as sse, ssrec and har,
// imported back: the same body bytes, the same events (byte ranges and data) and the same analysis
// — all of it for the timed ssrec file; for the untimed formats all but the metrics, and for a
// bare .sse body all but what only the response head and the end can tell.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, concatBytes, toContract } from '../../../shared/index.ts';
import type { AnalysisContract } from '../../../shared/index.ts';
import { exporterFor } from '../../../shared/export/registry.ts';
import { recordStream } from '../recorder/record.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import type { Store, StoredEvent } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { importFile } from './import.ts';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
/** What a bare body cannot tell: findings from the request, the status, the content type and how the exchange ended. */
const NOT_IN_BODY = new Set(['connection-error', 'http-status', 'not-event-stream', 'compressed-stream', 'usage-missing']);

let simulator: Simulator;
let store: Store;
const dir = mkdtempSync(join(tmpdir(), 'streamscope-roundtrip-'));

beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0.01, seed: 11 });
  store = openStore(tempDbPath());
});
afterAll(async () => {
  store?.close();
  await simulator?.close();
});

const eventShape = (events: readonly StoredEvent[]) => events.map(({ index, start, end, data, event, id, retry, comments, unknownFields }) => ({ index, start, end, data, event, id, retry, comments, unknownFields }));
/** The contract without what the split into reads decides: metrics, the read count, and which read a finding points at. */
const untimedContract = ({ metrics: _metrics, counts: { reads: _reads, ...counts }, diagnostics, ...rest }: AnalysisContract) => ({
  ...rest,
  counts,
  diagnostics: diagnostics.map(({ reads: _at, ...finding }) => finding),
});

const SCENARIOS = ['text', 'parallel-tool-calls', 'reasoning', 'crlf', 'keep-alive', 'connection-drop', 'rate-limit', 'invalid-json'];

describe.each(SCENARIOS)('sim-%s recorded, exported and imported back', (scenario) => {
  let id: number;
  beforeAll(async () => {
    const result = await recordStream({
      url: `${simulator.url}/chat/completions`,
      headers: { authorization: `Bearer ${KEY}` },
      body: { model: `sim-${scenario}`, messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true }, sim: { pause_ms: 300, keep_alive_ms: 100 } },
      store,
    });
    id = result.id!;
  });

  async function roundTrip(format: 'sse' | 'ssrec' | 'har') {
    const original = store.get(id)!;
    const exporter = exporterFor(format)!;
    const file = join(dir, `${scenario}${exporter.extension}`);
    writeFileSync(file, exporter.export(original, { name: original.name, id }));
    const [copyId, ...more] = await importFile(store, file);
    expect(more).toEqual([]);
    return { original, copy: store.get(copyId!)!, originalEvents: store.events(id)!, copyEvents: store.events(copyId!)! };
  }

  it('ssrec: the same reads with their times, events, and the whole analysis, metrics included', async () => {
    const { original, copy, originalEvents, copyEvents } = await roundTrip('ssrec');
    expect(copy.reads).toEqual(original.reads);
    expect(copy.response).toEqual(original.response);
    expect(copy.end).toEqual(original.end);
    expect(copy.request).toEqual(original.request);
    expect(copyEvents).toEqual(originalEvents);
    expect(toContract(analyzeRecording(copy))).toEqual(toContract(analyzeRecording(original)));
  });

  it('har: the same body, events, request and response head, and the analysis but its metrics', async () => {
    const { original, copy, originalEvents, copyEvents } = await roundTrip('har');
    expect(Buffer.from(concatBytes(copy.reads.map((read) => read.bytes))).equals(Buffer.from(concatBytes(original.reads.map((read) => read.bytes))))).toBe(true);
    expect(copy.source).toBe('har');
    expect(copy.request).toEqual(original.request);
    expect(copy.response).toMatchObject({ status: original.response!.status, headers: original.response!.headers });
    expect(copy.end).toMatchObject({ outcome: original.end!.outcome, ...(original.end!.error ? { error: original.end!.error } : {}) });
    expect(eventShape(copyEvents)).toEqual(eventShape(originalEvents));
    const copied = toContract(analyzeRecording(copy));
    expect(copied.metrics).toBeNull();
    expect(untimedContract(copied)).toEqual(untimedContract(toContract(analyzeRecording(original))));
  });

  it('sse: the same body bytes and events, and the same message, usage and body findings', async () => {
    const { original, copy, originalEvents, copyEvents } = await roundTrip('sse');
    expect(Buffer.from(concatBytes(copy.reads.map((read) => read.bytes))).equals(Buffer.from(concatBytes(original.reads.map((read) => read.bytes))))).toBe(true);
    expect(eventShape(copyEvents)).toEqual(eventShape(originalEvents));
    const { diagnostics: copiedFindings, ...copied } = untimedContract(toContract(analyzeRecording(copy)));
    const { diagnostics: originalFindings, ...expected } = untimedContract(toContract(analyzeRecording(original)));
    expect(copied).toEqual(expected);
    // The same findings of the body (their wording may name how the exchange ended, which a bare body does not know).
    if (original.response!.status === 200) {
      expect(copiedFindings.map((finding) => finding.code)).toEqual(originalFindings.map((finding) => finding.code).filter((code) => !NOT_IN_BODY.has(code)));
    }
  });
});
