// A command line as a user types it in the app (issue 30, "In the app") turned into the argv the
// runner starts without a shell: words split, quotes and backslashes read as a POSIX shell reads
// them (shell-quote's parser). What only a shell could do is refused, never run half-understood:
// pipes, lists, redirections, subshells, globs, `$VAR` expansions and `NAME=value` prefixes (the
// last also keeps a key typed before the command out of the stored command line). A leading `~`
// or `~/` is the home folder, as a shell expands it.

import { homedir } from 'node:os';
import { parse } from 'shell-quote';

/** Why a command line is refused: said to the user as it stands. */
export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

/** A marker the parser returns in place of an expansion, so that it can be refused, not expanded to "". */
interface Expansion {
  readonly expansion: string;
}

export function argvOf(line: string, home: string = homedir()): string[] {
  if (line.trim() === '') throw new CommandLineError('the command is empty: give the command that runs your client, e.g. node client.mjs');
  const { open, newline } = scan(line);
  if (open !== null) throw new CommandLineError(`a ${open} quote is not closed`);
  if (newline) throw new CommandLineError('it holds more than one line: give one command');
  const argv: string[] = [];
  for (const entry of parse(line, (name) => ({ expansion: name }) as unknown as string)) {
    if (typeof entry === 'string') {
      argv.push(entry === '~' ? home : entry.startsWith('~/') ? home + entry.slice(1) : entry);
      continue;
    }
    if ('comment' in entry) break;
    if ('expansion' in entry) throw new CommandLineError(`$${(entry as Expansion).expansion} would be expanded by a shell, which does not run here: write its value`);
    if (entry.op === 'glob') throw new CommandLineError(`${entry.pattern} is a pattern a shell would expand, which does not run here: name the files`);
    throw new CommandLineError(`${entry.op} needs a shell, which does not run here: give one command (put a pipeline or a list in a script)`);
  }
  const assignment = argv.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.exec(argv[0]!);
  if (assignment) throw new CommandLineError(`${assignment[0]}… sets a variable, which needs a shell: set it where Streamscope runs, or in a script`);
  if (argv.length === 0 || argv[0] === '') throw new CommandLineError('the command is empty: give the command that runs your client, e.g. node client.mjs');
  return argv;
}

/** What a shell reads bare in the line: the quote left open at its end (a shell would wait for more), and whether a line break ends a command. */
function scan(line: string): { readonly open: 'single' | 'double' | null; readonly newline: boolean } {
  let open: "'" | '"' | null = null;
  let newline = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (open === "'") {
      if (c === "'") open = null;
    } else if (c === '\\') {
      i++;
    } else if (open === '"') {
      if (c === '"') open = null;
    } else if (c === "'" || c === '"') {
      open = c;
    } else if (c === '\n' || c === '\r') {
      newline = true;
    }
  }
  return { open: open === "'" ? 'single' : open === '"' ? 'double' : null, newline };
}
