// Reading a file that is read whole (import, inspect, export, replay): a regular file, of a
// bounded size. A symlink to /dev/zero would grow without end and a FIFO would block for ever
// (issue 17, "Files that are not files"), so anything else is refused before a byte is read.

import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { describeFileError } from '../cli/errors.ts';

/** The largest file read whole: a recording's body is stored and analysed in memory. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** The file's bytes, or why it cannot be read, in a few words (`no such file`, `not a regular file but a FIFO`, …). */
export async function readInputFile(path: string, maxBytes: number = MAX_INPUT_BYTES): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; error: string }> {
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, error: describeFileError(error) };
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) return { ok: false, error: 'is a directory' };
    if (!stat.isFile()) return { ok: false, error: `not a regular file but ${kindOf(stat)}` };
    if (stat.size > maxBytes) return { ok: false, error: `${stat.size.toLocaleString('en-US')} bytes, more than the ${maxBytes / (1024 * 1024)} MiB Streamscope reads` };
    // Up to the size stat gave: a file that grows meanwhile is read as it was, within the bound.
    const bytes = new Uint8Array(stat.size);
    let length = 0;
    while (length < bytes.length) {
      const { bytesRead } = await handle.read(bytes, length, bytes.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { ok: true, bytes: bytes.subarray(0, length) };
  } catch (error) {
    return { ok: false, error: describeFileError(error) };
  } finally {
    await handle.close();
  }
}

function kindOf(stat: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'a special file';
}
