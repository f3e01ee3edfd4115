// The kept picture, painted on stand-in contexts that write down what they are asked to do.
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { realStream, untimed } from '../../../shared/test/streams.ts';
import type { Scene } from './draw.ts';
import { geometryOf } from './geometry.ts';
import { indexTimeline } from './lanes.ts';
import { createPicturePainter } from './picture.ts';
import type { Layer } from './picture.ts';
import { fitView } from './scale.ts';

/** A 2D context that notes each method called on it (by name) and keeps whatever is set on it. */
function recordingContext(calls: string[]): CanvasRenderingContext2D {
  const fields: Record<string | symbol, unknown> = {};
  return new Proxy(fields, {
    get: (target, name) => (name in target ? target[name] : (...args: unknown[]) => (calls.push(String(name)), name === 'measureText' ? { width: 6 * String(args[0]).length } : undefined)),
    set: (target, name, value) => ((target[name] = value), true),
  }) as unknown as CanvasRenderingContext2D;
}

const analysis = analyzeRecording(untimed(realStream('groq-llama33-text-x-groq.sse')));
const index = indexTimeline(analysis);
const geometry = geometryOf(800, index.lanes.length);
const view = fitView(index.domain);
const scene = (selected: number | null, hoverX: number | null = null): Scene => ({ index, view, geometry, selected, highlighted: new Float64Array(0), hoverX, idleGapMs: 2000 });
const palette = (): string => '#123456';
const size = { width: 800, height: geometry.height, ratio: 1 };

function setUp() {
  const layerCalls: string[] = [];
  const targetCalls: string[] = [];
  const layers: Layer[] = [];
  const painter = createPicturePainter((width, height) => {
    const layer = { canvas: { width, height } as unknown as Layer['canvas'], context: recordingContext(layerCalls) };
    layers.push(layer);
    return layer;
  });
  return { painter, layers, layerCalls, target: recordingContext(targetCalls), targetCalls };
}

describe('the timeline’s kept picture', () => {
  it('draws the lanes once while only the selection and the hover move, and copies them under each new selection', () => {
    const { painter, layers, layerCalls, target, targetCalls } = setUp();
    const parts = [index, view, geometry];
    painter.paint(target, size, scene(1), palette, parts);
    const drawnOnce = layerCalls.length;
    expect(drawnOnce).toBeGreaterThan(20);
    expect(layerCalls).toContain('fillText');
    for (const selected of [2, 40, 300]) painter.paint(target, size, scene(selected, 120), palette, [index, view, geometry]);
    expect(layers).toHaveLength(1);
    expect(layerCalls).toHaveLength(drawnOnce);
    // Each frame: the layer copied, then the selection (a line, its marks, the scrub knob) over it.
    expect(targetCalls.filter((call) => call === 'drawImage')).toHaveLength(4);
    expect(targetCalls.filter((call) => call === 'fillText')).toEqual([]);
    expect(targetCalls.filter((call) => call === 'strokeRect').length).toBeGreaterThanOrEqual(4);
  });

  it('draws the picture again when what it is drawn from changes, and makes a new layer when the canvas is resized', () => {
    const { painter, layers, layerCalls, target } = setUp();
    painter.paint(target, size, scene(1), palette, [index, view, geometry]);
    const drawnOnce = layerCalls.length;
    const zoomed = { start: view.start, end: (view.start + view.end) / 2 };
    painter.paint(target, size, { ...scene(1), view: zoomed }, palette, [index, zoomed, geometry]);
    expect(layerCalls.length).toBeGreaterThan(drawnOnce);
    expect(layers).toHaveLength(1);
    painter.paint(target, { ...size, width: 900 }, scene(1), palette, [index, view, geometry]);
    expect(layers).toHaveLength(2);
    painter.paint(target, { ...size, width: 900, ratio: 2 }, scene(1), palette, [index, view, geometry]);
    expect(layers).toHaveLength(2);
    expect(layerCalls.filter((call) => call === 'setTransform')).toHaveLength(4);
  });
});
