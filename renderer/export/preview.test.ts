import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exporterFor, exporters } from '../../shared/export/registry.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { countLines, PREVIEW_CHARS, PREVIEW_LINES, previewExtent, previewOf } from './preview.ts';
import type { TextPreview } from './preview.ts';

const realStreams = join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams');
const real = (name: string) => new Uint8Array(readFileSync(join(realStreams, name)));

function text(content: string | Uint8Array): TextPreview {
  const preview = previewOf(content);
  if (preview.kind !== 'text') throw new Error('expected a text preview');
  return preview;
}

describe('the preview of an exported file', () => {
  it('shows a short SSE export whole: every line, its size in bytes', () => {
    const body = real('openai-gpt4o-refusal-logprobs.sse');
    const exported = exporterFor('sse')!.export(recordingFromSse(body));
    const preview = text(exported);
    expect(preview.shown).toBe(new TextDecoder().decode(body));
    expect(preview.truncated).toBe(false);
    expect(preview.size).toBe(body.length);
    expect(preview.totalLines).toBe(new TextDecoder().decode(body).split('\n').length - 1);
    expect(previewExtent(preview)).toBe(`${preview.totalLines} lines`);
  });

  it('shows the first 200 lines of a long one, and says how many there are', () => {
    const body = real('openai-gpt41nano-text-obfuscation.sse');
    const lines = new TextDecoder().decode(body).split('\n');
    expect(lines.length).toBeGreaterThan(PREVIEW_LINES);
    const preview = text(body);
    expect(preview.shown).toBe(lines.slice(0, PREVIEW_LINES).join('\n') + '\n');
    expect(preview.shownLines).toBe(PREVIEW_LINES);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(new TextDecoder().decode(body));
    expect(previewExtent(preview)).toBe(`${lines.length - 1} lines, the first 200 shown`);
  });

  it('counts a size in UTF-8 bytes, not characters, for a text export', () => {
    const preview = text('données: «é»\n');
    expect(preview.size).toBe(new TextEncoder().encode('données: «é»\n').length);
    expect(preview.totalLines).toBe(1);
  });

  it('stops inside a huge single line at the character cap', () => {
    const line = `data: ${JSON.stringify({ content: 'x'.repeat(PREVIEW_CHARS * 3) })}\n\n`;
    const preview = text(line);
    expect(preview.shown).toBe(line.slice(0, PREVIEW_CHARS));
    expect(preview.truncated).toBe(true);
    expect(previewExtent(preview)).toBe('2 lines, the first 65,536 characters shown');
  });

  it('counts lines by CR LF, LF and lone CR alike, and a last line without an ending', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('data: a')).toBe(1);
    expect(countLines('data: a\r\n\r\n')).toBe(2);
    expect(countLines('data: a\r\rdata: b\n\ndata: c')).toBe(5);
    const crOnly = text(Array.from({ length: 300 }, (_, i) => `data: ${i}\r`).join(''));
    expect(crOnly.shownLines).toBe(200);
    expect(crOnly.shown.endsWith('data: 199\r')).toBe(true);
  });

  it('gives only the size of bytes that are not UTF-8', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('data: '), 0xff, 0xfe, 0x0a, 0x0a]);
    expect(previewOf(bytes)).toEqual({ kind: 'binary', size: 10 });
  });

  it('previews every registered format of a real stream as text', () => {
    const file = 'openai-gpt4o-parallel-tool-calls.sse';
    const recording = recordingFromSse(real(file));
    for (const exporter of exporters()) {
      if (exporter.format === 'curl') continue; // a plain body has no request to repeat
      const preview = text(exporter.export(recording, { name: file, id: 1 }));
      expect(preview.shown.length, exporter.format).toBeGreaterThan(0);
      expect(preview.text.startsWith(preview.shown), exporter.format).toBe(true);
    }
  });
});
