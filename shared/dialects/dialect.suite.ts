// The one test suite of a dialect (docs/architecture.md, "Adding a dialect"): what any dialect
// must do, whatever it reads, run over the samples its folder brings, in the framing they name
// (SSE by default). Random bytes and random messages of that framing never make it throw; each clean sample gives the same result fed whole, split at random
// and byte by byte; a fork at any event ends where the straight fold ends, and so does what it
// was forked from; every code `diagnose` reports is in its `catalogue`; a registered dialect's
// descriptor claims its samples, its path ends as it says, its snippet's curl posts there, it reads
// how a sample ended and its fixture value from its final object, and its replay errors keep their
// message. Broken bodies, when the folder brings a generator of them, go through the same, and
// read as the dialect's reading in full.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANDOM_BODIES } from '../framing/random.test-support.ts';
import { DEFAULT_FRAMING, framingOf } from '../framing/registry.ts';
import type { FramedMessage, FramingName, MessageFields } from '../framing/types.ts';
import { isObject } from '../is-object.ts';
import { EVENTS_LOOKED_AT, protocolFromEvents } from './detect.ts';
import { SHARED_VIEW_KINDS } from './kit/view.ts';
import { bareRecording, runDialect } from './run.ts';
import type { Dialect, DialectEventView, DialectInterpretation, RegisteredDialect } from './types.ts';

/** A clean body in the dialect: real bytes where there are (a fixture), else as its servers write it. */
export interface SampleBody {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface BrokenBodies {
  /** Bodies of the dialect broken at random or made of random events of its types (kit/broken-streams.test-support.ts), in the samples' framing: text is UTF-8. */
  readonly bodies: fc.Arbitrary<string | Uint8Array>;
  /** The dialect's reading of an event without its fast path (a template): every event must read as it does. */
  readonly interpretInFull?: (event: MessageFields) => unknown;
}

/** What a dialect's folder brings to the suite. */
export interface DialectSamples {
  /** How the bodies are framed (framing/registry.ts), every parse of the suite through it. Default SSE. */
  readonly framing?: FramingName;
  readonly bodies: readonly SampleBody[];
  readonly broken?: BrokenBodies;
}

/**
 * What a registered dialect's folder exports from its samples.test-support.ts, as `samples`
 * (properties.test.ts finds it there). The test reads the fixtures' bytes on Node and hands
 * `fixture` in: a samples file is compiled with shared/ and stays pure.
 */
export interface FolderSamples {
  readonly dialect: RegisteredDialect;
  samples(fixture: (path: string) => SampleBody): DialectSamples;
}

const encode = (text: string | Uint8Array) => (typeof text === 'string' ? new TextEncoder().encode(text) : text);

/** A whole body's messages, in this framing. */
function messagesIn(framing: FramingName, body: Uint8Array | readonly Uint8Array[]): FramedMessage[] {
  const messages: FramedMessage[] = [];
  const parser = framingOf(framing).parse({ onEvent: (message) => messages.push(message) });
  if (body instanceof Uint8Array) parser.feed(body);
  else for (const read of body) parser.feed(read);
  parser.end();
  return messages;
}

/** A framed message's fields, read through its getters (a kept event may be a class). */
function framed({ index, start, end, read, data, event, id, retry, comments, unknownFields }: FramedMessage) {
  return { index, start, end, read, data, event, id, retry, comments, unknownFields };
}

/** What every dialect's reading of an event has, read through its getters. */
function readingOf({ kind, ops, problems }: DialectInterpretation) {
  return { kind, ops, problems };
}

/** The bytes cut at these offsets (out of range and repeated ones ignored). */
function splitAt(data: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((at) => at > 0 && at < data.length))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const at of cuts) {
    parts.push(data.subarray(from, at));
    from = at;
  }
  parts.push(data.subarray(from));
  return parts;
}

const byteByByte = (data: Uint8Array): Uint8Array[] => Array.from(data, (_, at) => data.subarray(at, at + 1));

/**
 * Declares the suite for one dialect. `name` titles it (a dialect with no protocol — the raw
 * reading, a test dialect — needs one).
 */
export function describeDialect<I extends DialectInterpretation, S, F>(dialect: Dialect<I, S, F>, samples: DialectSamples, name: string = dialect.protocol ?? 'raw'): void {
  const framing = samples.framing ?? DEFAULT_FRAMING;
  const parse = (body: Uint8Array | readonly Uint8Array[]) => ({ events: messagesIn(framing, body) });
  const recording = bareRecording(framing);

  /** Everything the dialect offers, run over a body: nothing may throw. */
  function everything(body: Uint8Array | Uint8Array[], ended = true) {
    const { events } = parse(body);
    const result = runDialect(dialect, events, { ended, framing });
    const annotations = result.events.map((event) => dialect.annotate(event.sse, event.interpretation, { maxText: 20 }));
    return { final: result.final, usage: result.usage, diagnostics: result.diagnostics, firstToken: result.firstToken, annotations };
  }

  /** Folded straight, and from a fork at `cut` — the fork and what it was forked from each run to the end: all three end alike. */
  function expectForkAt(body: Uint8Array, cut: number) {
    const { events } = parse(body);
    const views: DialectEventView<I>[] = events.map((sse) => {
      const interpretation = dialect.interpret(sse);
      return { sse, interpretation, tokens: dialect.tokens(interpretation) };
    });
    const ended = (state: S) => ({ final: dialect.final(state), diagnostics: dialect.diagnose({ recording, events: views, state, ended: true }) });
    const original = dialect.createAccumulator();
    views.slice(0, cut).forEach((view, i) => original.apply(i, view.interpretation));
    const fork = original.fork();
    // What it was forked from runs on first, as the scrubber's checkpoints are left behind: a fork that shares its state sees these events twice.
    views.slice(cut).forEach((view, i) => original.apply(cut + i, view.interpretation));
    views.slice(cut).forEach((view, i) => fork.apply(cut + i, view.interpretation));
    const straight = dialect.createAccumulator();
    views.forEach((view, i) => straight.apply(i, view.interpretation));
    const expected = ended(straight.state);
    expect(ended(fork.state)).toEqual(expected);
    expect(ended(original.state)).toEqual(expected);
  }

  function expectCataloguedCodes(body: Uint8Array | Uint8Array[], ended = true) {
    const codes = everything(body, ended).diagnostics.map((finding) => finding.code);
    expect(codes.filter((code) => !(code in dialect.catalogue))).toEqual([]);
  }

  describe(`the ${name} dialect`, () => {
    it('never throws on random bytes', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
          everything(bytes);
        }),
        { numRuns: 300 },
      );
    });

    it(`never throws on random messages of its framing (${framing}) with payloads of any shape`, () => {
      fc.assert(
        fc.property(RANDOM_BODIES[framing], (body) => {
          everything(body);
        }),
        { numRuns: 300 },
      );
    });

    it('brings clean samples from its folder', () => {
      expect(samples.bodies.length).toBeGreaterThan(0);
    });

    describe.each(samples.bodies.map((sample) => [sample.name, sample] as const))('on %s', (_name, sample) => {
      it('gives the same result fed whole, split at random and byte by byte', () => {
        const whole = everything(sample.bytes);
        expect(everything(byteByByte(sample.bytes))).toEqual(whole);
        fc.assert(
          fc.property(fc.array(fc.nat(sample.bytes.length), { maxLength: 12 }), (cuts) => {
            expect(everything(splitAt(sample.bytes, cuts))).toEqual(whole);
          }),
          { numRuns: 50 },
        );
      });

      it('ends where the straight fold ends from a fork at every event', () => {
        const count = parse(sample.bytes).events.length;
        for (let cut = 0; cut <= count; cut++) expectForkAt(sample.bytes, cut);
      });

      it('reports only codes of its catalogue, ended or not', () => {
        expectCataloguedCodes(sample.bytes);
        expectCataloguedCodes(sample.bytes, false);
      });

      it("names the kind of each of its events in the views' words", () => {
        const kinds = new Set(parse(sample.bytes).events.map((event) => dialect.interpret(event).kind));
        expect([...kinds].filter((kind) => !(kind in dialect.viewKinds) && !(kind in SHARED_VIEW_KINDS))).toEqual([]);
      });

      if (dialect.keeper) {
        const keeper = dialect.keeper.bind(dialect);
        it('keeps each event, with its own keeper, as it reads, words and counts it, and accumulates as its accumulator does', () => {
          const reads = [{ t: 5, offset: 0, length: sample.bytes.length }];
          for (const kept of [null, [{ bytes: sample.bytes }]]) {
            const own = keeper({ reads, kept });
            const accumulator = dialect.createAccumulator();
            const straight = dialect.createAccumulator();
            for (const event of parse(sample.bytes).events) {
              const reading = dialect.interpret(event);
              straight.apply(event.index, reading);
              const { sse, t, tokens, annotation, dialectInterpretation } = own.take(event, accumulator);
              expect({ ...framed(sse), t, tokens, annotation, reading: readingOf(dialectInterpretation) }).toEqual({ ...framed(event), t: 5, tokens: dialect.tokens(reading), annotation: dialect.annotate(event, reading), reading: readingOf(reading) });
            }
            expect(dialect.final(accumulator.state)).toEqual(dialect.final(straight.state));
          }
        });
      }
    });

    if ('descriptor' in dialect) {
      const registered = dialect as unknown as RegisteredDialect;
      const { descriptor } = registered;
      it("has its descriptor claim each sample's first payload, and is told by its events alone", () => {
        for (const sample of samples.bodies) {
          const events = parse(sample.bytes).events.filter((event) => event.data !== null);
          const first = events.slice(0, EVENTS_LOOKED_AT).map((event) => parseJson(event.data!)).find(isObject);
          expect({ sample: sample.name, claimed: first !== undefined && descriptor.claimsPayload(first), told: protocolFromEvents(events) }).toEqual({ sample: sample.name, claimed: true, told: dialect.protocol });
        }
      });

      it('frames its samples as its descriptor says its bodies are framed', () => {
        expect(descriptor.framing ?? DEFAULT_FRAMING).toBe(framing);
      });

      it('has a request path that ends in its path ending', () => {
        expect(descriptor.path.endsWith(descriptor.pathEnding)).toBe(true);
      });

      it("has a replay snippet that asks with the model given, and whose curl posts to its endpoint for that model, which names the model where its path does", () => {
        const members = registered.snippet.members({}, 'sample-model');
        expect(members.model).toBe('sample-model');
        const endpoint = descriptor.endpoint('sample-model');
        expect(endpoint.split('?')[0]!.endsWith(descriptor.pathEnding)).toBe(true);
        expect(descriptor.modelOfPath(endpoint) ?? 'sample-model').toBe('sample-model');
        expect(registered.snippet.program('curl', 'http://127.0.0.1:9/v1', members)[0]).toBe(`curl -N 'http://127.0.0.1:9/v1${endpoint}' \\`);
      });

      it('reads how each sample ended, and its fixture value, from its final object; nothing else makes them throw', () => {
        const reason = (value: unknown) => value === null || typeof value === 'string';
        for (const sample of samples.bodies) {
          const { final } = runDialect(dialect, parse(sample.bytes).events, { framing });
          const reasons = descriptor.endReasons(final);
          expect({ sample: sample.name, reasons: reasons.length > 0 && reasons.every(reason) }).toEqual({ sample: sample.name, reasons: true });
          expect(JSON.parse(JSON.stringify(descriptor.fixture.value(final)))).toEqual(descriptor.fixture.value(final));
        }
        for (const value of [null, undefined, 0, 'text', [], [null, 1, 'x'], {}, { status: 1, stop_reason: [] }, [{ finish_reason: 2 }]]) {
          expect(descriptor.endReasons(value).every(reason)).toBe(true);
          expect(() => descriptor.fixture.value(value)).not.toThrow();
        }
      });

      it("answers the replay's errors as JSON that keeps the message", () => {
        const error = { message: 'Nothing matched.', type: 'invalid_request_error', param: null, code: null };
        for (const status of [400, 404, 429, 500, 529]) expect(JSON.stringify(JSON.parse(descriptor.errors.body(status, error)))).toContain('"message":"Nothing matched."');
        expect(descriptor.errors.badJson).not.toBe('');
      });
    }

    const broken = samples.broken;
    if (broken) {
      describe('broken at random', () => {
        it('never throws, ended or not, and reports only codes of its catalogue', () => {
          fc.assert(
            fc.property(broken.bodies, fc.boolean(), (text, ended) => {
              expectCataloguedCodes(encode(text), ended);
            }),
            { numRuns: 400 },
          );
        });

        it('gives the same result however the body is split into reads', () => {
          fc.assert(
            fc.property(broken.bodies, fc.array(fc.nat(4096), { maxLength: 12 }), (text, cuts) => {
              const whole = encode(text);
              expect(everything(splitAt(whole, cuts.map((cut) => cut % (whole.length + 1))))).toEqual(everything(whole));
            }),
            { numRuns: 150 },
          );
        });

        it('ends where the straight fold ends from a fork at any event', () => {
          fc.assert(
            fc.property(broken.bodies, fc.nat(), (text, at) => {
              const body = encode(text);
              expectForkAt(body, at % (parse(body).events.length + 1));
            }),
            { numRuns: 150 },
          );
        });

        const inFull = broken.interpretInFull;
        if (inFull) {
          it('reads every event exactly as its reading in full', () => {
            fc.assert(
              fc.property(broken.bodies, (text) => {
                for (const event of parse(encode(text)).events) expect(dialect.interpret(event)).toEqual(inFull(event));
              }),
              { numRuns: 300 },
            );
          });
        }
      });
    }
  });
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
