// The contract suite's live part: recordings pushed as they arrive, cancelled, and replay
// servers answering with what was recorded. Run by ./contract.suite.ts with its context.

import { describe, expect, it } from 'vitest';
import type { ReplayRequestPush } from '../../../shared/api/contract.ts';
import { concat } from '../store/test-support.ts';
import type { SuiteContext } from './contract.suite.ts';
import { eventually, FAST, hello } from './test-support.ts';

export function liveContractCases(ctx: SuiteContext): void {
  describe('live recordings', () => {
    it('records from the simulator live: the batches carry every read and event in order, then `finished` the outcome', async () => {
      const started = await ctx.api.startRecording({ profile: 'simulator', model: 'sim-tool-call', messages: hello, params: FAST, name: 'live one' });
      expect(started.request!).toMatchObject({ method: 'POST', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions$/) });
      expect(started.request!.body).toMatchObject({ model: 'sim-tool-call', messages: hello, stream: true, stream_options: { include_usage: true } });
      const finished = await ctx.whenFinished(started.id);
      const stored = (await ctx.api.getRecording({ id: started.id }))!;
      const batches = ctx.batchesOf(started.id);

      expect(finished).toEqual({ id: started.id, end: stored.recording.end, summary: stored.recording.summary });
      expect(finished.summary).toMatchObject({ outcome: 'eof', status: 200, name: 'live one', model: 'sim-tool-call', finishReasons: ['tool_calls'] });
      expect(batches.flatMap((batch) => (batch.response ? [batch.response] : []))).toEqual([stored.recording.response]);
      let next = 0;
      for (const batch of batches) {
        expect(batch.firstRead).toBe(next);
        next += batch.reads.length;
      }
      expect(batches.flatMap((batch) => batch.reads)).toEqual(stored.recording.reads);
      expect(batches.flatMap((batch) => batch.events)).toEqual(stored.events);
      expect(stored.events.at(-1)!.data).toBe('[DONE]');
      // `finished` comes after the last batch.
      expect(ctx.pushes.findIndex((p) => p.payload === finished)).toBeGreaterThan(ctx.pushes.indexOf(ctx.pushes.filter((p) => p.push === 'live').at(-1)!));
    });

    it('batches a stream of 5,000 events a second into a few dozen pushes a second, losing nothing', async () => {
      const started = await ctx.api.startRecording({ profile: 'simulator', messages: hello, params: { sim: { chunks: 5000, tps: 5000, ttft_ms: 0, jitter: 0 } } });
      const finished = await ctx.whenFinished(started.id);
      const stored = (await ctx.api.getRecording({ id: started.id }))!;
      const batches = ctx.batchesOf(started.id);
      expect(finished.summary).toMatchObject({ outcome: 'eof', eventCount: stored.events.length });
      expect(stored.events.length).toBeGreaterThan(5000);
      expect(batches.flatMap((batch) => batch.events)).toEqual(stored.events);
      // Compared as Buffers: toEqual walks 1.5 MB of a typed array one element at a time.
      const [pushed, kept] = [concat(batches.flatMap((batch) => batch.reads)), concat(stored.recording.reads)];
      expect(pushed.length).toBe(kept.length);
      expect(Buffer.compare(pushed, kept)).toBe(0);
      // At most one push per 30 ms of stream, plus those a full batch forced; far fewer than the events.
      const durationMs = finished.end.t!;
      expect(batches.length).toBeLessThanOrEqual(Math.ceil(durationMs / 30) + 1 + Math.ceil(stored.events.length / 2000));
      expect(batches.length).toBeLessThan(stored.events.length / 20);
    });

    it('cancels a live recording and keeps what arrived, ended as aborted', async () => {
      const started = await ctx.api.startRecording({
        profile: 'simulator',
        model: 'sim-long-silence',
        messages: hello,
        params: { sim: { ttft_ms: 0, tps: 1000, fail_after: 3, pause_ms: 600_000 } },
      });
      await eventually(() => (ctx.batchesOf(started.id).flatMap((batch) => batch.events).length >= 4 ? true : undefined), 'the first events');
      await expect(ctx.api.deleteRecording({ id: started.id })).rejects.toMatchObject({ code: 'unavailable', message: `recording ${started.id} is still recording: cancel it before deleting it` });
      expect(await ctx.api.cancelRecording({ id: started.id })).toBe(true);
      const finished = await ctx.whenFinished(started.id);
      expect(finished.end).toMatchObject({ outcome: 'aborted', error: 'aborted by the user' });
      const stored = (await ctx.api.getRecording({ id: started.id }))!;
      expect(stored.recording.summary.outcome).toBe('aborted');
      expect(stored.events.length).toBeGreaterThanOrEqual(4);
      expect(ctx.batchesOf(started.id).flatMap((batch) => batch.events)).toEqual(stored.events);
      expect(await ctx.api.cancelRecording({ id: started.id })).toBe(false);
      expect(await ctx.api.cancelRecording({ id: 31337 })).toBe(false);
    });

    it('records a failed exchange as data: the HTTP error, stored and finished', async () => {
      const started = await ctx.api.startRecording({ profile: 'simulator', model: 'sim-rate-limit', messages: hello, params: FAST });
      const finished = await ctx.whenFinished(started.id);
      expect(finished.summary).toMatchObject({ status: 429, outcome: 'eof', worstSeverity: 'error' });
      expect(finished.summary!.codes).toContain('http-status');
    });

    it('refuses to start without a known profile, a key, a base URL or a model', async () => {
      await expect(ctx.api.startRecording({ profile: 'nope', messages: hello })).rejects.toMatchObject({ code: 'not-found' });
      await expect(ctx.api.startRecording({ profile: 'openai', messages: hello })).rejects.toMatchObject({
        code: 'unavailable',
        message: 'no API key for OpenAI: set one, or set OPENAI_API_KEY where Streamscope runs',
      });
      await expect(ctx.api.startRecording({ profile: 'azure', messages: hello })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^startRecording: baseUrl: profile azure has no base URL/) });
      await expect(ctx.api.startRecording({ profile: 'vllm', messages: hello })).rejects.toMatchObject({ code: 'invalid-argument', message: 'startRecording: model: profile vllm has no default model: give one' });
      expect((await ctx.api.listRecordings({})).total).toBe(0);
    });
  });

  describe('replay servers', () => {
    const recordOnce = async () => {
      const started = await ctx.api.startRecording({ profile: 'simulator', model: 'sim-text', messages: hello, params: FAST, name: 'original' });
      await ctx.whenFinished(started.id);
      return started.id;
    };
    const replayed = (replay: number) => ctx.pushes.filter((p) => p.push === 'replayRequest' && (p.payload as ReplayRequestPush).replay === replay).map((p) => (p.payload as ReplayRequestPush).request);

    it('answers a client with a stored recording byte for byte, pushes each request, lists and stops the server', async () => {
      const original = await recordOnce();
      const replay = await ctx.api.startReplay({ recordings: [original], speed: 0 });
      expect(replay).toEqual({ id: replay.id, baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/), recordings: [original], speed: 0, precise: false, faults: [], requests: 0 });

      // Recorded again, from the replay: a local server's profile, pointed at it.
      const again = await ctx.api.startRecording({ profile: 'vllm', baseUrl: replay.baseUrl, model: 'sim-text', messages: hello });
      await ctx.whenFinished(again.id);
      const [first, second] = [await ctx.api.getRecording({ id: original }), await ctx.api.getRecording({ id: again.id })];
      expect(Buffer.compare(concat(second!.recording.reads), concat(first!.recording.reads))).toBe(0);
      expect(second!.events.map((event) => event.data)).toEqual(first!.events.map((event) => event.data));

      const [request] = await eventually(() => (replayed(replay.id).length === 1 ? replayed(replay.id) : undefined), 'the replayRequest push');
      expect(request).toMatchObject({ id: 1, method: 'POST', path: '/v1/chat/completions', model: 'sim-text', matched: `#${original} "original"`, status: 200, outcome: 'complete', faults: [] });
      expect(request!.bytes).toBe(first!.recording.summary.bytes);
      expect(await ctx.api.listReplays({})).toEqual([{ ...replay, requests: 1 }]);
      expect(await ctx.api.replayLog({ id: replay.id })).toEqual({ entries: [request], dropped: 0 });
      expect(await ctx.api.stopReplay({ id: replay.id })).toBe(true);
      expect(await ctx.api.replayLog({ id: replay.id })).toBeNull();
      expect(await ctx.api.stopReplay({ id: replay.id })).toBe(false);
      expect(await ctx.api.listReplays({})).toEqual([]);
    });

    it('applies its faults: a stream cut after event 2 is recorded as cut (and keeps precise timing when asked)', async () => {
      const original = await recordOnce();
      const replay = await ctx.api.startReplay({ recordings: [original], precise: true, faults: { cutAfterEvent: 2, dropUsage: true } });
      expect(replay).toMatchObject({ speed: 1, precise: true, faults: ['cut after event 2', 'drop the usage chunk'] });
      const again = await ctx.api.startRecording({ profile: 'vllm', baseUrl: replay.baseUrl, model: 'sim-text', messages: hello });
      const finished = await ctx.whenFinished(again.id);
      expect(finished.end).toMatchObject({ outcome: 'error' });
      expect((await ctx.api.getRecording({ id: again.id }))!.events).toHaveLength(3);
      const [request] = await eventually(() => (replayed(replay.id).length === 1 ? replayed(replay.id) : undefined), 'the replayRequest push');
      const events = (await ctx.api.getRecording({ id: original }))!.events;
      expect(request).toMatchObject({ outcome: 'cut', faults: [`dropped the usage chunk (event ${events.length - 2})`, `cut after event 2 (byte ${events[2]!.end})`] });
    });

    it('refuses a recording it does not have, and says false for a server that is not running', async () => {
      await expect(ctx.api.startReplay({ recordings: [777] })).rejects.toMatchObject({ code: 'not-found', message: 'no recording 777' });
      expect(await ctx.api.stopReplay({ id: 5 })).toBe(false);
      expect(await ctx.api.listReplays({})).toEqual([]);
    });
  });
}
