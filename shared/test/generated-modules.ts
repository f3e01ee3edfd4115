// For tests of exporters that generate code: a scratch folder under the project (`.tmp/`, ignored
// by git and eslint) so a generated module resolves the project's node_modules (openai, msw), a
// way to import what was generated, to run a user's test of it in a child Vitest and to
// type-check it, and a stream whose text tries to break out of generated code.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Recording } from '../recording/types.ts';
import { DONE_EVENT, body, bytes, chunk, delta, timed } from './streams.ts';

export const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh folder under `.tmp/`; remove it with `removeScratchDir` when done. */
export function scratchDir(prefix: string): string {
  const parent = join(PROJECT_DIR, '.tmp');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, `${prefix}-`));
}

export function removeScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

const CHILD_VITEST = join(PROJECT_DIR, 'node_modules', 'vitest', 'vitest.mjs');
const TSC = join(PROJECT_DIR, 'node_modules', 'typescript', 'bin', 'tsc');

export interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  testResults: { message: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** Runs Vitest on the folder's `consumer.test.ts` in a child process; its JSON report. */
export async function runVitest(root: string): Promise<VitestReport> {
  writeFileSync(join(root, 'vitest.config.mjs'), "export default { test: { include: ['consumer.test.ts'], testTimeout: 30000 } };\n");
  // The child must not think it is a worker of this run.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const report = join(root, 'report.json');
  await promisify(execFile)(process.execPath, [CHILD_VITEST, 'run', '--root', root, '--reporter=json', `--outputFile=${report}`], { cwd: root, env, timeout: 120_000 }).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      // Failing tests exit with 1 and are read from the report; anything else is a failure of the run itself.
      try {
        readFileSync(report);
      } catch {
        throw new Error(`the child Vitest did not run: ${error.message}\n${error.stderr ?? ''}`);
      }
    },
  );
  return JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
}

/** tsc's diagnostics for the files under strict settings and the given options ('' when there are none). */
async function typeCheck(root: string, files: string[], options: Record<string, unknown>): Promise<string> {
  const config = join(root, `tsconfig.${String(options.module)}.json`);
  const compilerOptions = { strict: true, noEmit: true, target: 'ES2022', skipLibCheck: true, noUncheckedIndexedAccess: true, noUnusedLocals: true, ...options };
  writeFileSync(config, JSON.stringify({ compilerOptions, files }));
  return promisify(execFile)(process.execPath, [TSC, '-p', config], { cwd: root, timeout: 60_000 }).then(
    ({ stdout }) => stdout,
    (error: Error & { stdout?: string }) => error.stdout || error.message,
  );
}

/** tsc's diagnostics for the files as a bundler sees them in a browser (the DOM library) and as Node sees them: `['', '']` when clean. */
export function typeCheckForBrowserAndNode(root: string, files: string[]): Promise<string[]> {
  return Promise.all([
    typeCheck(root, files, { lib: ['ES2022', 'DOM'], types: [], module: 'ESNext', moduleResolution: 'Bundler', exactOptionalPropertyTypes: true }),
    typeCheck(root, files, { lib: ['ES2022'], types: ['node'], module: 'NodeNext', moduleResolution: 'NodeNext' }),
  ]);
}

/** A child run's test results, the messages of files that failed to run, and each test that did not pass with why. */
export function childResults(report: VitestReport): { results: VitestReport['testResults'][number]['assertionResults']; fileErrors: string[]; failures: string[] } {
  const results = report.testResults.flatMap((file) => file.assertionResults);
  return {
    results,
    fileErrors: report.testResults.map((file) => file.message).filter(Boolean),
    failures: results.filter((result) => result.status !== 'passed').map((result) => `${result.fullName}: ${result.failureMessages.join('\n')}`),
  };
}

/** Writes a generated module into `dir` and imports it. */
export async function importGenerated<T>(dir: string, fileName: string, source: string): Promise<T> {
  const path = join(dir, fileName);
  writeFileSync(path, source);
  return (await import(pathToFileURL(path).href)) as T;
}

/** Code that must never run: a generated module that evaluated any recorded text would set it. */
export const CANARY = 'globalThis.__streamscopePwned = true';

/**
 * Content pieces that could end a string literal, a template, a comment or a <script> element, or
 * that JavaScript reads as a line break; joined, they are the stream's content.
 */
export const CODE_BREAKING_TEXTS: readonly string[] = [
  '`backtick` ${' + CANARY + '} `',
  '*/ ' + CANARY + '; /*',
  '"; ' + CANARY + '; "',
  "'; " + CANARY + "; '",
  '</script><script>' + CANARY + '</script><!--',
  'line\u2028separator\u2029paragraph',
  'nul\u0000byte',
  'lone \ud800 surrogate and \udfff another',
  'back\\slash\\',
];

/**
 * A complete stream carrying CODE_BREAKING_TEXTS in content (JSON-escaped in the body) and raw in
 * an SSE comment, with a usage object holding a "__proto__" key, in reads of one event each plus
 * a two-byte "é" split between two reads and a read of bytes that are not UTF-8. The request's
 * URL and body carry the same kind of text.
 */
export function codeBreakingRecording(): Recording {
  const events = body(
    chunk([delta({ role: 'assistant', content: '', refusal: null })]),
    ...CODE_BREAKING_TEXTS.map((text) => chunk([delta({ content: text })])),
    `: "; ${CANARY}; " \u2028 */ </script> \u0000 raw comment\n\n`,
    chunk([delta({}, 'stop')]),
    chunk([], { usage: JSON.parse('{"prompt_tokens":1,"completion_tokens":9,"total_tokens":10,"__proto__":{"polluted":true}}') }),
    DONE_EVENT,
  ).split(/(?<=\n\n)/);
  const accent = bytes(': é\n\n');
  const reads: [number, string | Uint8Array][] = events.map((event, i) => [20 + i * 10, event]);
  reads.splice(3, 0, [45, accent.subarray(0, 3)], [46, accent.subarray(3)], [47, new Uint8Array([0x3a, 0x20, 0xff, 0xfe, 0x00, 0x0a, 0x0a])]);
  return timed(reads, {
    request: { method: 'POST', url: `https://api.example.test/v1/chat/completions?q=*/${CANARY};/*`, headers: {}, body: { model: 'm', messages: [{ role: 'user', content: `</script>${CANARY}` }] } },
  });
}
