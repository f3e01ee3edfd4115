import { describe, expect, it } from 'vitest';
import { descriptionIn, scenariosOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { CliError } from './errors.ts';
import { captureOutput } from './output.ts';
import { simulateCommand, SIMULATE_USAGE } from './simulate.ts';

describe('streamscope simulate', () => {
  it('prints the base URL, every scenario with its description, and ready-to-paste examples; serves until stopped, then closes', async () => {
    const out = captureOutput();
    let served: Simulator | undefined;
    let models: { data: { id: string }[] } | undefined;
    const code = await simulateCommand(['--port', '0', '--time-scale', '0', '--seed', '9'], out, async (simulator) => {
      served = simulator;
      models = (await (await fetch(`${simulator.url}/models`)).json()) as { data: { id: string }[] };
      await (await fetch(`${simulator.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'sim-text', stream: true }) })).text();
    });
    expect(code).toBe(0);
    const url = served!.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(models!.data).toHaveLength(scenariosOf('chat-completions').length);
    expect(out.out).toContain(`Streamscope simulator on ${url}  (time scale 0, seed 9)`);
    for (const scenario of scenariosOf('chat-completions')) expect(out.out).toContain(`sim-${scenario.name}`.padEnd(25) + descriptionIn(scenario, 'chat-completions'));
    expect(out.out).toContain('  sim-refusal              The model refuses in delta.refusal (content stays null) and finishes with stop.  [refusal]');
    expect(out.out).toContain(`  npx streamscope record --base-url ${url} --model sim-text\n`);
    expect(out.out).toContain(`Responses API and Anthropic Messages (POST ${url}/responses, POST ${url}/messages; the same model names):`);
    expect(out.out).toContain('  sim-sequence-gap         [responses] sequence_number skips one number after some tokens; no event is lost.\n');
    expect(out.out).toContain(`  Anthropic's SDKs take ${url.replace(/\/v1$/, '')} as their base URL (they add /v1/messages themselves).\n`);
    expect(out.out).toContain(
      `  curl -N ${url}/chat/completions -H 'content-type: application/json' -d '{"model":"sim-text","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Hello"}]}'\n`,
    );
    expect(out.out).toMatch(/req_sim_000001 GET \/v1\/models → 200 in \d+ ms\n/);
    expect(out.out).toMatch(/req_sim_000002 POST \/v1\/chat\/completions sim-text stream → 200 in \d+ ms\n/);
    expect(out.out.endsWith('Simulator stopped.\n')).toBe(true);
    await expect(fetch(`${url}/models`)).rejects.toThrow();
  });

  it('explains bad options in one line', async () => {
    const cases: [string[], string][] = [
      [['--port', '70000'], '--port takes a port number from 0 to 65535, not "70000"'],
      [['--port', 'x'], '--port takes a port number from 0 to 65535, not "x"'],
      [['--time-scale=-1'], '--time-scale takes a number, 0 or more, not "-1"'],
      [['--seed', '1.5'], '--seed takes an integer, not "1.5"'],
      [['extra'], 'unexpected argument "extra" (see --help)'],
    ];
    for (const [args, message] of cases) await expect(simulateCommand(args, captureOutput(), async () => {})).rejects.toThrow(new CliError(message));
    await expect(simulateCommand(['--frobnicate'], captureOutput(), async () => {})).rejects.toBeInstanceOf(CliError);
  });

  it('says so when the port is taken', async () => {
    const taken = await startSimulator({ timeScale: 0 });
    try {
      await expect(simulateCommand(['--port', String(taken.port)], captureOutput(), async () => {})).rejects.toThrow(
        new CliError(`port ${taken.port} is already in use on 127.0.0.1 (--port 0 picks a free one)`),
      );
    } finally {
      await taken.close();
    }
  });

  it('documents its options and the sim fields in its usage', () => {
    expect(SIMULATE_USAGE).toContain('--time-scale X');
    expect(SIMULATE_USAGE).toContain('  ttft_ms            time to first token, ms');
  });
});
