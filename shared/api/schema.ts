// What each call accepts, checked where the call is received (the Electron main process, the
// serve-mode bridge): the renderer is not trusted to send well-formed arguments, and a malformed
// call must get a clear error, never reach the backend. One schema per call of ./contract.ts;
// the `satisfies` below makes the compiler hold each schema to its call's parameter type.

import { z } from 'zod';
import { EXPORT_FORMATS } from '../export/types.ts';
import { HEADER_NAME, headerValueProblem } from '../recording/header-field.ts';
import { PROTOCOLS } from '../dialects/registry.ts';
import { OUTCOMES, RECORDING_SOURCES } from '../recording/types.ts';
import { RECORDING_ORIGINS } from './recordings.ts';
import { MAX_STALL_MS, MAX_STATUS_BODY_CHARS } from '../replay/faults.ts';
import type { ApiCall, ApiInput } from './contract.ts';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const nothing = z.object({}).strict();
const text = (max: number) => z.string().max(max);
/** What HTTP can carry in a header (../recording/header-field.ts); the message names the character, never the value (it may be a key). */
const headerValue = (what: string, base = z.string()) =>
  base.superRefine((value, context) => {
    const problem = headerValueProblem(value);
    if (problem !== null) context.addIssue({ code: 'custom', message: `${what} ${problem}` });
  });
const headers = z.record(z.string().regex(HEADER_NAME, 'not a valid header name'), headerValue('the value'));
const tags = z.array(text(200).min(1)).max(100);
const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected bytes');
const milliseconds = z.number().int().positive().max(24 * 3600 * 1000);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const API_SCHEMAS = {
  listRecordings: z
    .object({
      text: text(1000).optional(),
      model: text(500).optional(),
      host: text(500).optional(),
      outcome: z.enum(OUTCOMES).optional(),
      code: text(100).optional(),
      tag: text(200).optional(),
      source: z.enum(RECORDING_SOURCES).optional(),
      origin: z.enum(RECORDING_ORIGINS).optional(),
      captureSession: text(200).optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
      offset: z.number().int().min(0).optional(),
    })
    .strict(),
  getRecording: z.object({ id }).strict(),
  openRecording: z.object({ id, fromRead: z.number().int().min(0).optional(), readLimit: z.number().int().min(1).optional() }).strict(),
  renameRecording: z.object({ id, name: text(500).nullable() }).strict(),
  tagRecording: z.object({ id, tags }).strict(),
  deleteRecording: z.object({ id }).strict(),
  startRecording: z
    .object({
      profile: text(100).min(1),
      protocol: z.enum(PROTOCOLS).optional(),
      baseUrl: z.url({ protocol: /^https?$/ }).optional(),
      model: text(500).min(1).optional(),
      messages: z.array(z.unknown()).min(1),
      tools: z.array(z.unknown()).optional(),
      params: z.record(z.string(), z.unknown()).optional(),
      includeUsage: z.boolean().optional(),
      includeObfuscation: z.boolean().optional(),
      headers: headers.optional(),
      sendKeyTo: text(2000).optional(),
      name: text(500).optional(),
      firstByteTimeoutMs: milliseconds.optional(),
      idleTimeoutMs: milliseconds.optional(),
    })
    .strict(),
  cancelRecording: z.object({ id }).strict(),
  listProfiles: nothing,
  setKey: z.object({ profile: text(100).min(1), key: headerValue('the key', z.string().min(1).max(10_000)) }).strict(),
  deleteKey: z.object({ profile: text(100).min(1) }).strict(),
  listScenarios: z.object({ protocol: z.enum(PROTOCOLS).optional() }).strict(),
  importFile: z.object({ name: text(1000).min(1), bytes, tags: tags.optional() }).strict(),
  exportRecording: z.object({ id, format: z.enum(EXPORT_FORMATS) }).strict(),
  listExportFormats: nothing,
  startReplay: z
    .object({
      recordings: z.array(id).min(1).max(1000),
      speed: z.number().min(0).max(1000).optional(),
      precise: z.boolean().optional(),
      faults: z
        .object({
          cutAfterEvent: count.optional(),
          cutAfterByte: count.optional(),
          stalls: z.array(z.object({ beforeEvent: count, ms: z.number().min(0).max(MAX_STALL_MS) }).strict()).max(1000).optional(),
          dropDone: z.boolean().optional(),
          dropFinish: z.boolean().optional(),
          dropUsage: z.boolean().optional(),
          bufferAll: z.boolean().optional(),
          corruptEvent: count.optional(),
          errorAfterEvent: count.optional(),
          status: z.object({ code: z.number().int().min(200).max(599), body: text(MAX_STATUS_BODY_CHARS).optional() }).strict().optional(),
        })
        .strict()
        .optional(),
      port: z.number().int().min(0).max(65_535).optional(),
    })
    .strict(),
  stopReplay: z.object({ id }).strict(),
  startProxy: z
    .object({
      upstreams: z.array(z.object({ url: z.url({ protocol: /^https?$/ }), name: text(60).min(1).optional() }).strict()).max(20).optional(),
      profiles: z.array(text(100).min(1)).max(20).optional(),
      port: z.number().int().min(0).max(65_535).optional(),
      keepEncoding: z.boolean().optional(),
      allowOrigins: z.array(text(2000).min(1)).max(50).optional(),
      cassettes: z.object({ dir: text(4096).min(1), mode: z.enum(['record', 'replay', 'auto']) }).strict().optional(),
      tags: tags.optional(),
    })
    .strict(),
  stopProxy: z.object({ id }).strict(),
  listProxies: nothing,
  proxyLog: z.object({ id }).strict(),
  listReplays: nothing,
  replayLog: z.object({ id }).strict(),
  listChecks: nothing,
  startCheck: z
    .object({
      profile: text(100).min(1),
      baseUrl: z.url({ protocol: /^https?$/ }).optional(),
      protocols: z.array(z.enum(PROTOCOLS)).min(1).max(PROTOCOLS.length).optional(),
      model: text(500).min(1).optional(),
      only: z.array(text(100).min(1)).max(1000).optional(),
      headers: headers.optional(),
      sendKeyTo: text(2000).optional(),
      timeoutMs: milliseconds.optional(),
      concurrency: z.number().int().min(1).max(16).optional(),
    })
    .strict(),
  cancelCheck: z.object({ id }).strict(),
  listCheckRuns: z.object({ baseUrl: text(2000).optional(), limit: z.number().int().min(1).max(10_000).optional() }).strict(),
  getCheckRun: z.object({ id }).strict(),
  deleteCheckRun: z.object({ id }).strict(),
  listClientCases: nothing,
  startClientCheck: z
    .object({
      command: text(10_000).min(1),
      cwd: text(4096).min(1).optional(),
      protocols: z.array(z.enum(PROTOCOLS)).min(1).max(PROTOCOLS.length).optional(),
      only: z.array(text(100).min(1)).max(1000).optional(),
      timeoutMs: milliseconds.optional(),
    })
    .strict(),
  cancelClientCheck: z.object({ id }).strict(),
  listClientRuns: z.object({ limit: z.number().int().min(1).max(10_000).optional() }).strict(),
  getClientRun: z.object({ id }).strict(),
  deleteClientRun: z.object({ id }).strict(),
} satisfies { [C in ApiCall]: z.ZodType<ApiInput<C>> };
