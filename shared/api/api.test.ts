import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_CALLS, API_SCHEMAS, ApiError, createApiClient, createApiDispatcher, decodeFrame, decodeJson, encodeFrame, encodeJson } from './index.ts';
import type { ApiTransport, StreamscopeApi } from './index.ts';

/** An implementation that answers every call with its own name and input, so routing is visible. */
function echoApi(): StreamscopeApi {
  const api: Record<string, unknown> = {};
  for (const call of API_CALLS) api[call] = async (input: unknown) => ({ call, input });
  return api as unknown as StreamscopeApi;
}

/** A transport that goes through the codec, as the serve-mode bridge does. */
function jsonTransport(api: StreamscopeApi): ApiTransport {
  const dispatch = createApiDispatcher(api);
  return {
    call: async (call, input) => {
      const reply = await dispatch(call, decodeJson(encodeJson(input))!.value);
      return decodeJson(encodeJson(reply))!.value as never;
    },
    subscribe: () => () => {},
  };
}

describe('the API contract', () => {
  it('has a schema for every call and no schema for anything else', () => {
    expect(Object.keys(API_SCHEMAS).sort()).toEqual([...API_CALLS].sort());
  });

  it('routes each call of the client to the same call of the backend, bytes intact', async () => {
    const client = createApiClient(jsonTransport(echoApi()));
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    expect(await client.importFile({ name: 'a.sse', bytes })).toEqual({ call: 'importFile', input: { name: 'a.sse', bytes } });
    expect(await client.getRecording({ id: 7 })).toEqual({ call: 'getRecording', input: { id: 7 } });
    expect(await client.listProfiles({})).toEqual({ call: 'listProfiles', input: {} });
  });

  it('refuses a malformed argument with a one-line message naming the field', async () => {
    const dispatch = createApiDispatcher(echoApi());
    expect(await dispatch('getRecording', { id: '7' })).toEqual({ ok: false, error: { code: 'invalid-argument', message: 'getRecording: id: Invalid input: expected number, received string' } });
    expect(await dispatch('renameRecording', { id: 1, name: 'x', extra: true })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(await dispatch('startRecording', { profile: 'openai', messages: [], headers: { 'x-a': 'b\r\nInjected: 1' } })).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: 'startRecording: messages: Too small: expected array to have >=1 items; headers.x-a: the value holds a carriage return (CR)' },
    });
    expect(await dispatch('importFile', { name: 'a.sse', bytes: 'not bytes' })).toMatchObject({ ok: false, error: { code: 'invalid-argument', message: 'importFile: bytes: expected bytes' } });
  });

  it('refuses a call it does not know, whatever its name', async () => {
    const dispatch = createApiDispatcher(echoApi());
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'nope']) {
      expect(await dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
    }
  });

  it('turns a failing call into an error reply, keeping an ApiError code and wrapping anything else', async () => {
    const api = echoApi();
    api.getRecording = async () => {
      throw new ApiError('not-found', 'no recording 9');
    };
    api.deleteRecording = async () => {
      throw new TypeError('disk on fire');
    };
    const client = createApiClient(jsonTransport(api));
    await expect(client.getRecording({ id: 9 })).rejects.toMatchObject({ name: 'ApiError', code: 'not-found', message: 'no recording 9' });
    await expect(client.deleteRecording({ id: 9 })).rejects.toMatchObject({ code: 'failed', message: 'deleteRecording: disk on fire' });
  });

  it('delivers pushes by name to the listeners of that name only', () => {
    const listeners = new Set<(push: 'live' | 'finished', payload: unknown) => void>();
    const client = createApiClient({
      call: async () => ({ ok: true, value: null }),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const seen: unknown[] = [];
    const off = client.on('finished', (payload) => seen.push(payload.id));
    for (const listener of listeners) listener('live', { id: 1 });
    for (const listener of listeners) listener('finished', { id: 2 });
    off();
    for (const listener of listeners) listener('finished', { id: 3 });
    expect(seen).toEqual([2]);
  });
});

describe('the bridge JSON codec', () => {
  it('round-trips any JSON value with bytes anywhere in it, even objects that look like its own tags', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('$bytes', '$blob', '$object', 'a', '__proto__'), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        const decoded = decodeJson(encodeJson(input));
        expect(decoded).not.toBeNull();
        expect(decoded!.value).toEqual(normalise(input));
        // And as a frame: the same value, its bytes carried after the JSON.
        const framed = decodeFrame(encodeFrame(input));
        expect(framed).not.toBeNull();
        expect(framed!.value).toEqual(normalise(input));
      }),
    );
  });

  it('carries bytes in a frame as they are, and refuses a frame whose blobs point outside it', () => {
    const body = new Uint8Array([0, 255, 10, 13]);
    const frame = encodeFrame({ ok: true, value: { body, times: [1, null] } });
    expect(frame.length).toBeLessThan(4 + 80 + body.length);
    expect(decodeFrame(frame)!.value).toEqual({ ok: true, value: { body, times: [1, null] } });
    const json = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const out = new Uint8Array(4 + bytes.length + 2);
      new DataView(out.buffer).setUint32(0, bytes.length);
      out.set(bytes, 4);
      return out;
    };
    expect(decodeFrame(json('{"$blob":[0,2]}'))!.value).toEqual(new Uint8Array(2));
    expect(decodeFrame(json('{"$blob":[1,2]}'))).toBeNull();
    expect(decodeFrame(json('{"$blob":[-1,1]}'))).toBeNull();
    expect(decodeFrame(json('{"$blob":"x"}'))).toBeNull();
    expect(decodeFrame(json('{'))).toBeNull();
    expect(decodeFrame(new Uint8Array([0, 0, 1, 0]))).toBeNull();
    expect(decodeFrame(new Uint8Array([0]))).toBeNull();
    // Plain JSON has no blobs to point into.
    expect(decodeJson('{"$blob":[0,0]}')).toBeNull();
  });

  it('keeps a "__proto__" key as data, never as a prototype', () => {
    const decoded = decodeJson('{"__proto__":{"polluted":true},"a":1}')!.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says so when the text is not JSON or a $bytes is not base64', () => {
    expect(decodeJson('{')).toBeNull();
    expect(decodeJson('{"$bytes":"%%%"}')).toBeNull();
    expect(decodeJson('{"$bytes":3}')).toBeNull();
  });
});

/** What JSON keeps of a value (-0 becomes 0), bytes kept as bytes. */
function normalise(value: unknown): unknown {
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'number') return value === 0 ? 0 : value;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalise(item)]));
}
