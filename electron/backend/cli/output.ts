// Where a command writes, so tests can capture it.

export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether colours may be used on stdout. */
  readonly color: boolean;
}

export function processOutput(): Output {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
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

/**
 * `streamscope inspect … | head` closes the pipe early: the reader has all it wanted, so stop
 * quietly as Unix tools do, instead of dying on an unhandled EPIPE with a stack trace.
 */
const guarded = new WeakSet<NodeJS.WriteStream>();
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
