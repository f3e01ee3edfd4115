// Whether the process that was writing a recording is still there to finish it (the rule the store's
// recovery applies at start-up to a recording left 'recording' by another process of this host).
//
// `kill(pid, 0)` alone answers "alive" for a process killed a moment ago: one whose parent has not
// yet reaped it (a zombie, until `wait`), one still tearing itself down, or one with SIGKILL sent
// and not yet acted on. A server restarted right after `kill -9` then took the killed recording for
// one under way. On Linux /proc says which of these it is; elsewhere the signal test is all there is.

import { readFileSync } from 'node:fs';

/** task->flags bit set from the moment a process begins to exit (include/linux/sched.h). */
const PF_EXITING = 0x4;
/** SIGKILL's bit in /proc's signal masks (signal 9, bit 8). */
const SIGKILL_BIT = 1n << 8n;

type ReadProc = (file: string) => string;

const readProc: ReadProc = (file) => readFileSync(file, 'latin1');

export function writerAlive(pid: number, read: ReadProc = readProc): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !dying(pid, read);
}

/** True when /proc shows the process dead but unreaped, exiting, or with SIGKILL pending; false when it cannot tell. */
export function dying(pid: number, read: ReadProc = readProc): boolean {
  let stat: string;
  let status: string;
  try {
    stat = read(`/proc/${pid}/stat`);
    status = read(`/proc/${pid}/status`);
  } catch {
    return false;
  }
  // The command name, in parentheses, may hold spaces and parentheses itself: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const flags = Number(fields[6]);
  if (state === 'Z' || state === 'X' || state === 'x') return true;
  if (Number.isInteger(flags) && (flags & PF_EXITING) !== 0) return true;
  for (const name of ['SigPnd', 'ShdPnd']) {
    const mask = new RegExp(`^${name}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1];
    if (mask !== undefined && (BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n) return true;
  }
  return false;
}
