// Decompression bombs (issue 17): what a compressed body inflates to is capped, whether it is
// undone at import (a curl trace of a compressed response) or live (the recorder's exchange).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../shared/index.ts';
import { traceOf } from '../../../shared/test/curl-dump.ts';
import { cleanBody } from '../store/test-support.ts';
import { decodeReads, MAX_INFLATED_BYTES } from './decode.ts';
import { readImportFile } from './import.ts';

const MiB = 1024 * 1024;

/** A clean stream, then `padding` bytes of spaces: a few kilobytes compressed. */
function bomb(padding: number): Buffer {
  return Buffer.concat([Buffer.from(cleanBody(['Hello'])), Buffer.alloc(padding, 0x20)]);
}

const total = (reads: readonly { bytes: Uint8Array }[]) => reads.reduce((sum, read) => sum + read.bytes.length, 0);

describe('decodeReads', () => {
  it('stops a gzip body at the cap and says why, keeping what came before it', async () => {
    const gz = gzipSync(bomb(8 * MiB));
    const decoded = await decodeReads([{ t: 5, bytes: new Uint8Array(gz) }], 'gzip', MiB);
    expect(decoded.error).toBe("the gzip body inflates to more than 1 MiB (Streamscope's cap): decoding stopped there");
    expect(total(decoded.reads)).toBeLessThanOrEqual(MiB);
    expect(Buffer.from(concatBytes(decoded.reads.map((read) => read.bytes))).subarray(0, 20).toString()).toBe(cleanBody(['Hello']).slice(0, 20));
  });

  it('stops a brotli body read over several reads at the cap', async () => {
    const br = brotliCompressSync(bomb(8 * MiB));
    const reads = [br.subarray(0, 20), br.subarray(20)].map((bytes, i) => ({ t: i, bytes: new Uint8Array(bytes) }));
    const decoded = await decodeReads(reads, 'br', MiB);
    expect(decoded.error).toBe("the br body inflates to more than 1 MiB (Streamscope's cap): decoding stopped there");
    expect(total(decoded.reads)).toBeLessThanOrEqual(MiB);
  });

  it('decodes a body of exactly the cap whole', async () => {
    const body = bomb(MiB - cleanBody(['Hello']).length);
    const decoded = await decodeReads([{ t: 1, bytes: new Uint8Array(gzipSync(body)) }], 'gzip', MiB);
    expect(decoded.error).toBeNull();
    expect(total(decoded.reads)).toBe(MiB);
  });
});

describe('importing a curl trace of a gzip bomb', () => {
  it(`stores at most ${MAX_INFLATED_BYTES / MiB} MiB of it and ends the recording in error with the reason`, async () => {
    const gz = gzipSync(bomb(MAX_INFLATED_BYTES + 16 * MiB));
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-bomb-'));
    const path = join(dir, 'bomb.trace');
    writeFileSync(
      path,
      traceOf('hex', {
        request: 'POST /v1/chat/completions HTTP/1.1\r\nHost: api.example.com\r\n\r\n',
        requestBody: '{"model":"m","stream":true}',
        responseHead: ['HTTP/1.1 200 OK', 'content-type: text/event-stream', 'content-encoding: gzip'],
        reads: [{ t: 10, bytes: new Uint8Array(gz) }],
      }),
    );
    const [imported] = await readImportFile(path);
    expect(total(imported!.recording.reads)).toBeLessThanOrEqual(MAX_INFLATED_BYTES);
    expect(imported!.recording.end).toMatchObject({ outcome: 'error', error: `the gzip body inflates to more than ${MAX_INFLATED_BYTES / MiB} MiB (Streamscope's cap): decoding stopped there` });
  });
});
