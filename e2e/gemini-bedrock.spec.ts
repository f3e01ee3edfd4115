// Gemini and Bedrock recordings in the recording view (issue 32), light and dark, as a user meets
// them: a real Vertex Gemini stream with thinking, a thoughtSignature and parallel function calls
// (shared/test/fixtures/gemini), and a real Bedrock ConverseStream cut by an exception frame inside
// its 200 (shared/test/fixtures/bedrock, the exception encoded by the AWS SDK's own encoder), each
// imported as a timed recording with its request's path and opened — the message panel, the tool
// cards, the events table and the inspector read, the frame shown beside its decoded event.
// Screenshots go to e2e/screenshots/gemini-*.png and bedrock-*.png.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { exceptionFrame } from '../shared/framing/aws-eventstream/frames.test-support.ts';
import { serializeSsrec } from '../shared/formats/ssrec.ts';
import type { Recording } from '../shared/recording/types.ts';
import { violations } from './axe.ts';
import { address, call, importFile, screenshots, watchForErrors } from './support.ts';

declare const window: { location: { hash: string } };

const fixtures = join(import.meta.dirname, '..', 'shared', 'test', 'fixtures');
const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A recording of these reads, 40 ms apart, answering a POST of `body` to `url` with `contentType`. */
function recordingOf(url: string, body: unknown, contentType: string, reads: readonly Uint8Array[]): Recording {
  return {
    source: 'ssrec',
    startedAt: '2026-12-07T18:00:00.000Z',
    request: { method: 'POST', url, headers: {}, body },
    response: { t: 180, status: 200, httpVersion: '1.1', headers: { 'content-type': contentType } },
    reads: reads.map((bytes, i) => ({ t: 200 + 40 * i, bytes })),
    end: { t: 200 + 40 * reads.length, outcome: 'eof' },
  };
}

async function importRecording(request: APIRequestContext, recording: Recording, name: string): Promise<number> {
  const id = await importFile(request, `${name}.ssrec.jsonl`, Buffer.from(serializeSsrec(recording)));
  await call(request, 'renameRecording', { id, name });
  return id;
}

async function openRecording(page: Page, id: number): Promise<void> {
  await page.goto(address);
  await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
  await expect(page.getByTestId('recording-view')).toBeVisible();
  await expect(page.getByTestId('recording-status')).toContainText('Ended');
}

/** The Vertex stream's events, one a read, as Gemini's SSE sends them (data lines, CRLF). */
function geminiReads(): Uint8Array[] {
  const lines = readFileSync(join(fixtures, 'gemini', 'vertex-gemini3flash-thought-then-parallel-calls.chunks.txt'), 'utf8').split('\n').filter((line) => line !== '');
  return lines.map((line) => new TextEncoder().encode(`data: ${line}\r\n\r\n`));
}

/** A body's frames, by their prelude's total length. */
function framesOf(body: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  for (let at = 0; at < body.length; ) {
    const length = new DataView(body.buffer, body.byteOffset + at, 4).getUint32(0);
    frames.push(body.subarray(at, at + length));
    at += length;
  }
  return frames;
}

/** A count as the view writes it: digits grouped by commas. */
const formatCount = (value: number): string => value.toLocaleString('en-US');

const THROTTLED = 'Too many requests, please wait before trying again.';

/** A real ConverseStream's first four frames (messageStart, three text deltas), then a throttlingException frame. */
function bedrockReads(): Uint8Array[] {
  const frames = framesOf(new Uint8Array(readFileSync(join(fixtures, 'bedrock', 'converse-claude35sonnet-text-then-tool-use.bin'))));
  return [...frames.slice(0, 4), exceptionFrame('throttlingException', { message: THROTTLED })];
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`In the ${scheme} theme`, () => {
    test('a Gemini recording shows its thought, the thoughtSignature on the part that carried it, and its parallel function calls', async ({ page, request }) => {
      const problems = watchForErrors(page);
      await page.emulateMedia({ colorScheme: scheme });
      const url = 'https://aiplatform.googleapis.com/v1/projects/demo/locations/global/publishers/google/models/gemini-3-flash-preview:streamGenerateContent?alt=sse';
      const id = await importRecording(request, recordingOf(url, { contents: [{ role: 'user', parts: [{ text: 'Read the theme, then screens A, B and C in parallel.' }] }] }, 'text/event-stream', geminiReads()), unique('gemini-parallel'));
      await openRecording(page, id);
      await expect(page.locator('.recording-figures')).toContainText('Gemini');

      // The parts in order: the thought, the signed call, three parallel calls, the empty last text part.
      const message = page.getByTestId('message-panel');
      const parts = message.getByTestId('final-entry');
      await expect(parts).toHaveCount(6);
      const expected = [
        ['thought', 'reasoning'],
        ['functionCall', 'tool'],
        ['functionCall', 'tool'],
        ['functionCall', 'tool'],
        ['functionCall', 'tool'],
        ['text', 'message'],
      ];
      for (const [index, [type, kind]] of expected.entries()) {
        await expect(parts.nth(index)).toHaveAttribute('data-where', `candidates[0].parts[${index}]`);
        await expect(parts.nth(index)).toHaveAttribute('data-type', type!);
        await expect(parts.nth(index)).toHaveAttribute('data-kind', kind!);
      }
      await expect(parts.nth(0).getByTestId('reasoning')).toContainText('**Processing User Requests**');
      await expect(parts.nth(1)).toContainText('read_theme');
      await expect(parts.nth(1)).toContainText('thoughtSignature');
      await expect(parts.nth(1)).toContainText('signed (1,060 characters): send it back on this part');
      for (const [index, screen] of [
        [2, 'A'],
        [3, 'B'],
        [4, 'C'],
      ] as const) {
        await expect(parts.nth(index)).toContainText('read_screen');
        await expect(parts.nth(index)).not.toContainText('thoughtSignature');
        await expect(parts.nth(index).getByTestId('final-arguments')).toHaveText(`{\n  "id": "${screen}"\n}`);
      }
      await expect(message.getByTestId('final-outcome')).toContainText('STOP');
      await expect(message.getByTestId('final-sentence')).toHaveText('The model finished its answer (or stopped to call functions: run them and send their functionResponse back).');
      await message.scrollIntoViewIfNeeded();
      await message.screenshot({ path: join(screenshots, `gemini-message-${scheme}.png`) });

      // The tool cards: four calls, the three streamed ones with their partialArgs fragments.
      const cards = page.getByTestId('tool-card');
      await expect(cards).toHaveCount(4);
      await expect(cards.nth(0)).toContainText('read_theme');
      for (const index of [1, 2, 3]) await expect(cards.nth(index)).toContainText('read_screen');
      await expect(cards.nth(0).getByTestId('tool-arguments')).toHaveText('{}');
      await expect(cards.nth(2).getByTestId('tool-arguments')).toHaveText('{\n  "id": "B"\n}');
      await expect(cards.nth(2).getByTestId('tool-fragment')).toHaveText(['$.id = "B"', '$.id = ""']);
      await cards.nth(1).scrollIntoViewIfNeeded();
      await page.getByTestId('tool-calls-panel').screenshot({ path: join(screenshots, `gemini-tools-${scheme}.png`) });

      // The events table: the signed call's event, then the first streamed call's fragment; the inspector shows its bytes.
      const signed = page.locator('[data-testid="event-row"][data-index="1"]');
      await expect(signed).toHaveAttribute('data-kind', 'tool');
      await expect(signed).toContainText('functionCall read_theme() with thoughtSignature (1060 chars)');
      await expect(page.locator('[data-testid="event-row"][data-index="3"]')).toContainText('args $.id += "A"');
      await signed.click();
      await expect(page.getByTestId('raw-bytes')).toContainText('"thoughtSignature":"AY89a18a8/Loc2wl5oft');
      await expect(page.getByTestId('inspector').getByRole('region', { name: 'Frame' })).toHaveCount(0);
      await expect(page.getByTestId('diagnostics-panel')).toContainText('No findings: the stream looks like a correct one.');
      await page.screenshot({ path: join(screenshots, `gemini-view-${scheme}.png`), fullPage: true });
      expect(await violations(page, '[data-testid="tool-calls-panel"]')).toEqual([]);
      expect(problems).toEqual([]);
    });

    test('a Bedrock recording shows the exception frame inside its 200 as a frame and as a finding, and the text before it', async ({ page, request }) => {
      const problems = watchForErrors(page);
      await page.emulateMedia({ colorScheme: scheme });
      const reads = bedrockReads();
      const url = 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream';
      const id = await importRecording(request, recordingOf(url, { messages: [{ role: 'user', content: [{ text: 'What is the weather in San Francisco?' }] }], inferenceConfig: { maxTokens: 1024 } }, 'application/vnd.amazon.eventstream', reads), unique('bedrock-exception'));
      await openRecording(page, id);
      await expect(page.locator('.recording-figures')).toContainText('Bedrock ConverseStream');

      // The message panel: the text that came before the exception, and no stopReason.
      const message = page.getByTestId('message-panel');
      const blocks = message.getByTestId('final-entry');
      await expect(blocks).toHaveCount(1);
      await expect(blocks.nth(0)).toHaveAttribute('data-where', 'content[0]');
      await expect(blocks.nth(0)).toHaveAttribute('data-type', 'text');
      await expect(blocks.nth(0)).toContainText('I can certainly help you with the weather');
      await expect(message.getByTestId('final-sentence')).toHaveText('No stopReason: no messageStop came, so the stream did not finish (an exception frame, or a cut body, ends it so).');
      await expect(message.getByRole('region', { name: 'Request' })).toContainText('What is the weather in San Francisco?');
      await message.scrollIntoViewIfNeeded();
      await message.screenshot({ path: join(screenshots, `bedrock-message-${scheme}.png`) });

      // The finding: the exception inside the 200, at its event.
      await expect(page.locator('[data-testid="diagnostic"][data-code="stream-exception"]')).toBeVisible();
      await expect(page.locator('[data-testid="diagnostic"][data-code="stream-exception"]')).toContainText('throttlingException');

      // The events table marks each frame, and the exception frame as one.
      const rows = page.getByTestId('event-row');
      await expect(rows).toHaveCount(5);
      await expect(rows.nth(0).locator('.event-frame')).toHaveText([`${reads[0]!.length} B`]);
      const exception = rows.nth(4);
      await expect(exception).toHaveAttribute('data-kind', 'error');
      await expect(exception.locator('.event-frame')).toHaveText([':message-type exception', `${reads[4]!.length} B`]);
      await expect(exception.locator('.event-extension')).toHaveCount(0);

      // The inspector: the frame as it is, beside the decoded event.
      await exception.click();
      const inspector = page.getByTestId('inspector');
      await expect(inspector.getByTestId('event-type')).toContainText('throttlingException');
      const frame = inspector.getByTestId('frame');
      await expect(frame.locator('.frame-range')).toHaveText(`Bytes ${formatCount(reads.slice(0, 4).reduce((sum, read) => sum + read.length, 0))}–${formatCount(reads.reduce((sum, read) => sum + read.length, 0))} of the body: a ${reads[4]!.length}-byte frame.`);
      await expect(frame.getByTestId('frame-prelude')).toContainText(`total length${reads[4]!.length} bytes`);
      // :exception-type (15 + 4 + 19), :content-type (13 + 4 + 16), :message-type (13 + 4 + 9), each with its name's length byte.
      await expect(frame.getByTestId('frame-prelude')).toContainText('headers length97 bytes');
      await expect(frame.getByTestId('frame-prelude-crc')).toHaveText(/^0x[0-9a-f]{8} \(holds\)$/);
      await expect(frame.getByTestId('frame-headers').locator('tbody tr')).toHaveText([':exception-typestring (7)throttlingException', ':content-typestring (7)application/json', ':message-typestring (7)exception']);
      await expect(frame.getByTestId('frame-payload')).toHaveText(JSON.stringify({ message: THROTTLED }));
      await expect(frame.getByTestId('frame-message-crc')).toHaveText(/^0x[0-9a-f]{8} \(holds\)$/);
      await frame.scrollIntoViewIfNeeded();
      await frame.screenshot({ path: join(screenshots, `bedrock-frame-${scheme}.png`) });
      await page.locator('.view-events').screenshot({ path: join(screenshots, `bedrock-events-${scheme}.png`) });

      // A text delta's frame: Bedrock's three headers and its padded payload.
      await rows.nth(1).click();
      await expect(frame.getByTestId('frame-headers').locator('tbody tr')).toHaveText([':event-typestring (7)contentBlockDelta', ':content-typestring (7)application/json', ':message-typestring (7)event']);
      await expect(frame.getByTestId('frame-payload')).toContainText('"delta":{"text":"I can"}');
      await expect(frame.getByTestId('frame-payload')).toContainText('"p":"');
      await page.screenshot({ path: join(screenshots, `bedrock-view-${scheme}.png`), fullPage: true });
      // The marks and the Frame section keep to WCAG AA, in both themes.
      expect(await violations(page, '.view-events')).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
