// Where a command writes, so tests can capture it.

export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether colours may be used on stdout. */
  readonly color: boolean;
}

export function processOutput(): Output {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    color: process.stdout.isTTY === true && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb',
  };
}

export function captureOutput(color = false): Output & { out: string; err: string } {
  const captured = {
    out: '',
    err: '',
    color,
    stdout(text: string) {
      captured.out += text;
    },
    stderr(text: string) {
      captured.err += text;
    },
  };
  return captured;
}
