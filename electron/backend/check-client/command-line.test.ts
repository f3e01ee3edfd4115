// A command line typed in the app, split as a POSIX shell splits it, and refused where only a
// shell could run it.

import { describe, expect, it } from 'vitest';
import { argvOf } from './command-line.ts';

const HOME = '/home/dev';
const refusal = (line: string): string => {
  try {
    return `split: ${JSON.stringify(argvOf(line, HOME))}`;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('a command line', () => {
  it('splits into words at blanks, quotes and backslashes read as a POSIX shell reads them', () => {
    expect(argvOf('node client.mjs', HOME)).toEqual(['node', 'client.mjs']);
    expect(argvOf(`  node   "my client.mjs"  'a b' c\\ d  `, HOME)).toEqual(['node', 'my client.mjs', 'a b', 'c d']);
    expect(argvOf(`python -c 'print("$HOME")'`, HOME)).toEqual(['python', '-c', 'print("$HOME")']);
    expect(argvOf(`echo "it's" 'say "hi"' a\\"b "back\\\\slash" "\\n"`, HOME)).toEqual(['echo', "it's", 'say "hi"', 'a"b', 'back\\slash', '\\n']);
    expect(argvOf(`node -e 'let a = 1;\nconsole.log(a)'`, HOME)).toEqual(['node', '-e', 'let a = 1;\nconsole.log(a)']);
    expect(argvOf(`"a"'b'c`, HOME)).toEqual(['abc']);
    expect(argvOf(`node ''`, HOME)).toEqual(['node', '']);
  });

  it('reads a leading ~ as the home folder, and drops a comment', () => {
    expect(argvOf('node ~/client.mjs ~ a~b', HOME)).toEqual(['node', '/home/dev/client.mjs', '/home/dev', 'a~b']);
    expect(argvOf('node client.mjs # the careful one', HOME)).toEqual(['node', 'client.mjs']);
  });

  it('refuses pipes, lists, redirections and subshells, which need a shell', () => {
    const needs = (op: string) => `${op} needs a shell, which does not run here: give one command (put a pipeline or a list in a script)`;
    expect(refusal('node client.mjs | tee out.txt')).toBe(needs('|'));
    expect(refusal('npm run build && node client.mjs')).toBe(needs('&&'));
    expect(refusal('node a.mjs || true')).toBe(needs('||'));
    expect(refusal('node a.mjs; node b.mjs')).toBe(needs(';'));
    expect(refusal('node a.mjs > out.txt')).toBe(needs('>'));
    expect(refusal('node a.mjs 2>&1')).toBe(needs('>&'));
    expect(refusal('node a.mjs < in.txt')).toBe(needs('<'));
    expect(refusal('node a.mjs &')).toBe(needs('&'));
    expect(refusal('(node a.mjs)')).toBe(needs('('));
  });

  it('refuses globs and expansions rather than expanding them to nothing', () => {
    expect(refusal('node *.mjs')).toBe('*.mjs is a pattern a shell would expand, which does not run here: name the files');
    expect(refusal('node $CLIENT')).toBe('$CLIENT would be expanded by a shell, which does not run here: write its value');
    expect(refusal('node "${CLIENT}"')).toBe('$CLIENT would be expanded by a shell, which does not run here: write its value');
  });

  it('refuses a variable set before the command, which would keep a key in the stored line', () => {
    expect(refusal('OPENAI_API_KEY=sk-live-1234567890 node client.mjs')).toBe('OPENAI_API_KEY=… sets a variable, which needs a shell: set it where Streamscope runs, or in a script');
  });

  it('refuses an empty line, an unclosed quote and more than one line', () => {
    const empty = 'the command is empty: give the command that runs your client, e.g. node client.mjs';
    expect(refusal('')).toBe(empty);
    expect(refusal(' \t ')).toBe(empty);
    expect(refusal('# only a comment')).toBe(empty);
    expect(refusal(`node 'client.mjs`)).toBe('a single quote is not closed');
    expect(refusal(`node "client.mjs`)).toBe('a double quote is not closed');
    expect(refusal(`node "a \\" b`)).toBe('a double quote is not closed');
    expect(refusal('node a.mjs\nnode b.mjs')).toBe('it holds more than one line: give one command');
  });
});
