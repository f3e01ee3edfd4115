// The options of startProxy and startMock, checked before anything starts: a test author's typo
// (a mode spelled wrong, a port as a string, a fault that cannot apply) is one clear error naming
// the option, never a proxy that starts and then does something else.

import { z } from 'zod';
import { API_SCHEMAS } from '../../../shared/api/schema.ts';
import type { ReplayFaults } from '../../../shared/replay/faults.ts';
import { redactHeaderName } from '../cli/redact-header-args.ts';

/** The replay faults, held to the same schema as the app's replay call. */
const faults = API_SCHEMAS.startReplay.shape.faults;
const port = z.number().int().min(0).max(65_535);
const speed = z.number().min(0).max(1000);
/** A header name, checked and lower-cased as `--redact-header` takes it. */
const redactHeader = z.string().transform((name, context) => {
  const checked = redactHeaderName(name);
  if ('name' in checked) return checked.name;
  context.addIssue({ code: 'custom', message: checked.problem });
  return z.NEVER;
});
const upstream = z.union([z.url({ protocol: /^https?$/ }), z.object({ url: z.url({ protocol: /^https?$/ }), name: z.string().min(1).max(60).optional() }).strict()]);

export const PROXY_OPTIONS = z
  .object({
    upstream: z.union([upstream, z.array(upstream).max(20)]).optional(),
    profiles: z.array(z.string().min(1).max(100)).max(20).optional(),
    cassettes: z.string().min(1).optional(),
    mode: z.enum(['record', 'replay', 'auto']).optional(),
    db: z.union([z.string().min(1), z.literal(false)]).optional(),
    port: port.optional(),
    speed: speed.optional(),
    faults: faults,
    tags: z.array(z.string().min(1).max(200)).max(100).optional(),
    keepEncoding: z.boolean().optional(),
    allowOrigins: z.array(z.string().min(1)).max(50).optional(),
    maxRecordingBytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    redactHeaders: z.array(redactHeader).max(100).optional(),
    keepHighEntropyHeaders: z.boolean().optional(),
  })
  .strict()
  .superRefine((options, context) => {
    const upstreams = options.upstream === undefined ? 0 : Array.isArray(options.upstream) ? options.upstream.length : 1;
    if (upstreams === 0 && (options.profiles ?? []).length === 0) context.addIssue({ code: 'custom', path: ['upstream'], message: 'give the upstream base URL (e.g. "https://api.openai.com/v1") or profiles' });
    if (options.cassettes !== undefined && options.mode === undefined) context.addIssue({ code: 'custom', path: ['mode'], message: 'cassettes take a mode: "record", "replay" or "auto"' });
    if (options.mode !== undefined && options.cassettes === undefined) context.addIssue({ code: 'custom', path: ['cassettes'], message: `mode "${options.mode}" needs the cassettes folder` });
    const replays = options.mode === 'replay' || options.mode === 'auto';
    if (!replays && (options.speed !== undefined || options.faults !== undefined)) context.addIssue({ code: 'custom', path: [options.speed !== undefined ? 'speed' : 'faults'], message: 'speed and faults apply to what cassettes answer: give mode "replay" or "auto"' });
  });

export const MOCK_OPTIONS = z
  .object({
    recordings: z.union([z.string().min(1), z.number().int().positive(), z.array(z.union([z.string().min(1), z.number().int().positive()])).min(1).max(1000)]),
    db: z.string().min(1).optional(),
    host: z.string().min(1).optional(),
    port: port.optional(),
    speed: speed.optional(),
    precise: z.boolean().optional(),
    untimedIntervalMs: z.number().min(0).max(3_600_000).optional(),
    faults: faults,
  })
  .strict();

/** An upstream: its base URL, or the URL with the name of its prefix (`/NAME/...`). */
export type Upstream = string | { readonly url: string; readonly name?: string };

export interface ProxyOptions {
  /** The upstream base URL (e.g. `https://api.openai.com/v1`), or several, each under a prefix. */
  readonly upstream?: Upstream | readonly Upstream[];
  /** Built-in profiles' upstreams (`"openai"`, `"anthropic"`, `"simulator"`…), each under /NAME. */
  readonly profiles?: readonly string[];
  /** A folder of .ssrec.jsonl cassettes: written (record), answered from (replay), or both (auto). */
  readonly cassettes?: string;
  /** record: forward and write cassettes; replay: answer only from cassettes, no network (a miss is a 404); auto: answer what matches, forward and record the rest. */
  readonly mode?: 'record' | 'replay' | 'auto';
  /** The database recordings go into; default `$STREAMSCOPE_DB` or the data folder (as the CLI), false for none. */
  readonly db?: string | false;
  /** Default 0: a free port. The proxy binds 127.0.0.1 only. */
  readonly port?: number;
  /** Pace of what cassettes answer: 1 as recorded (default), 0 no waits. Replay and auto modes. */
  readonly speed?: number;
  /** Faults applied to what cassettes answer (docs/replay.md). Replay and auto modes. */
  readonly faults?: ReplayFaults;
  readonly tags?: readonly string[];
  /** Pass the client's Accept-Encoding to the upstream (default: ask for identity). */
  readonly keepEncoding?: boolean;
  /** Origins whose web pages may use the proxy. */
  readonly allowOrigins?: readonly string[];
  /** Body bytes a recording keeps (default 256 MiB). */
  readonly maxRecordingBytes?: number;
  /** More header names whose values are secrets (`--redact-header`), any case: stored redacted, in the database and the cassettes, and masked where the response echoes them. */
  readonly redactHeaders?: readonly string[];
  /** Cassettes keep random-looking values of headers not secret by name (`--keep-high-entropy-headers`); by default they are redacted. */
  readonly keepHighEntropyHeaders?: boolean;
}

export interface MockOptions {
  /** What to serve: recording files (.ssrec.jsonl, .sse) or stored recordings' ids, as `streamscope replay` takes them. */
  readonly recordings: string | number | readonly (string | number)[];
  /** The database of stored recordings (ids); default `$STREAMSCOPE_DB` or the data folder. */
  readonly db?: string;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** 1 the recorded pace (default), 2 twice as fast, 0 no waits. */
  readonly speed?: number;
  /** Keep awake through every wait, for sub-millisecond timing at the cost of a busy core. */
  readonly precise?: boolean;
  /** Pause between the events of a .sse, which has no timing (default 20 ms). */
  readonly untimedIntervalMs?: number;
  /** Faults applied to what is served (docs/replay.md). */
  readonly faults?: ReplayFaults;
}

// The schemas take what the interfaces say, no more and no less.
PROXY_OPTIONS satisfies z.ZodType<unknown, ProxyOptions>;
MOCK_OPTIONS satisfies z.ZodType<unknown, MockOptions>;

/** The options checked, or a TypeError naming each option that is wrong and why. */
export function checkOptions<Schema extends z.ZodType>(api: string, schema: Schema, options: unknown): z.output<Schema> {
  const checked = schema.safeParse(options);
  if (checked.success) return checked.data;
  const problems = checked.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'options'}: ${issue.message}`);
  throw new TypeError(`${api}: ${problems.join('; ')}`);
}
