// `streamscope inspect --json` over every real stream (../shared/real-streams), every test
// fixture (shared/test/fixtures) and the body of every simulator scenario in each dialect, as
// read and forced to each dialect: a snapshot of what the analysis says of them, to prove that a
// refactoring changed nothing a user can see.
//
//   node bin/run-ts.mjs bin/inspect-snapshot.ts write FILE     the snapshot, one JSON file
//   node bin/run-ts.mjs bin/inspect-snapshot.ts compare FILE   exit 1 and the differing cases when this tree says otherwise

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../electron/backend/cli/main.ts';
import { captureOutput } from '../electron/backend/cli/output.ts';
import { modelsOf, startSimulator } from '../electron/backend/simulator/index.ts';
import { exchangeAt, toRecording } from '../electron/backend/simulator/test-helpers.ts';
import { serializeSsrec } from '../shared/formats/ssrec.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [join(ROOT, '../shared/real-streams'), join(ROOT, 'shared/test/fixtures')];
const FORCED = ['chat', 'responses', 'messages'] as const;

interface Case {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path);
      return /\.(md|json)$/.test(name) ? [] : [path];
    });
}

async function inspect(args: string[]): Promise<Case> {
  const output = captureOutput();
  const code = await main(['inspect', ...args], output);
  // Paths differ between checkouts; what is said of them must not.
  const clean = (text: string) => text.split(ROOT).join('<root>/').replace(/\/[^\s"]*streamscope-snapshot-[^/]+\//g, '<simulator>/');
  return { code, out: clean(output.out), err: clean(output.err) };
}

const REQUESTS = {
  'chat/completions': (model: string) => ({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hi' }] }),
  responses: (model: string) => ({ model, stream: true, input: 'Hi' }),
  messages: (model: string) => ({ model, stream: true, max_tokens: 4096, messages: [{ role: 'user', content: 'Hi' }] }),
};

/** Every scenario of every dialect from the simulator, with no waits, as untimed recordings in `dir`. */
async function simulatorBodies(dir: string): Promise<string[]> {
  const simulator = await startSimulator({ timeScale: 0 });
  const files: string[] = [];
  try {
    const models = { 'chat/completions': modelsOf('chat-completions'), responses: modelsOf('responses'), messages: modelsOf('anthropic-messages') };
    for (const [path, request] of Object.entries(REQUESTS)) {
      for (const model of models[path as keyof typeof models]) {
        const exchange = await exchangeAt(`${simulator.url}/${path}`, request(model));
        const file = join(dir, `simulator-${path.replace('/', '-')}-${model}.ssrec.jsonl`);
        writeFileSync(file, serializeSsrec(toRecording(exchange)));
        files.push(file);
      }
    }
  } finally {
    await simulator.close();
  }
  return files;
}

async function inspectAll(files: readonly string[], nameOf: (file: string) => string, cases: Record<string, Case>): Promise<void> {
  for (const file of files) {
    const name = nameOf(file);
    cases[name] = await inspect([file, '--json']);
    if (!file.endsWith('.sse')) continue;
    for (const protocol of FORCED) cases[`${name} --protocol ${protocol}`] = await inspect([file, '--json', '--protocol', protocol]);
  }
}

async function snapshot(): Promise<Record<string, Case>> {
  const cases: Record<string, Case> = {};
  await inspectAll(SOURCES.flatMap(filesUnder), (file) => relative(ROOT, file), cases);
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-snapshot-'));
  try {
    await inspectAll(await simulatorBodies(dir), (file) => relative(dir, file), cases);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return cases;
}

const [verb, path] = process.argv.slice(2);
if ((verb !== 'write' && verb !== 'compare') || !path) {
  console.error('usage: node bin/run-ts.mjs bin/inspect-snapshot.ts write|compare FILE');
  process.exit(2);
}
const now = await snapshot();
if (verb === 'write') {
  writeFileSync(path, JSON.stringify(now, null, 1) + '\n');
  console.log(`${Object.keys(now).length} cases written to ${path}`);
} else {
  const before = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Case>;
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  const differing = names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(now[name]));
  for (const name of differing) console.log(`differs: ${name}`);
  console.log(`${names.length - differing.length} of ${names.length} cases byte-identical`);
  process.exitCode = differing.length === 0 ? 0 : 1;
}
