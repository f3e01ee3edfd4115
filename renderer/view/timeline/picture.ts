// The timeline's picture kept from one frame to the next. A replay on screen moves the selection
// every frame, and so do a scrub and the keys, while the lanes, shades, markers and axis stay as
// they were: those are drawn into a layer of their own when they change, and each frame copies
// the layer and draws the selection and the hover hairline over it (draw.ts).

import { drawPicture, drawPointers } from './draw.ts';
import type { Palette, Scene } from './draw.ts';

/** An offscreen canvas the size of the timeline's, and its context. */
export interface Layer {
  readonly canvas: CanvasImageSource & { readonly width: number; readonly height: number };
  readonly context: CanvasRenderingContext2D;
}

export interface PicturePainter {
  /**
   * Paints `scene` on `target` (a context `ratio` device pixels to the CSS pixel, over a backing
   * store `width` × `height`). `picture` lists what the picture is drawn from besides the
   * scene's selection and hover (its index, view, geometry, highlights, colours): while each is
   * the same as last time, the kept layer is copied instead of drawn again.
   */
  paint(target: CanvasRenderingContext2D, size: { readonly width: number; readonly height: number; readonly ratio: number }, scene: Scene, palette: Palette, picture: readonly unknown[]): void;
}

export function createPicturePainter(makeLayer: (width: number, height: number) => Layer | null): PicturePainter {
  let kept: { readonly layer: Layer; readonly picture: readonly unknown[]; readonly ratio: number } | null = null;
  return {
    paint(target, { width, height, ratio }, scene, palette, picture) {
      const fits = kept !== null && kept.layer.canvas.width === width && kept.layer.canvas.height === height;
      if (!fits || kept!.ratio !== ratio || !sameParts(kept!.picture, picture)) {
        const layer = fits ? kept!.layer : makeLayer(width, height);
        if (!layer) {
          // No layer to be had (no canvas to make one): the whole picture every time, as before.
          drawPicture(target, scene, palette);
          drawPointers(target, scene, palette);
          return;
        }
        layer.context.setTransform(ratio, 0, 0, ratio, 0, 0);
        drawPicture(layer.context, scene, palette);
        kept = { layer, picture, ratio };
      }
      target.setTransform(1, 0, 0, 1, 0, 0);
      target.clearRect(0, 0, width, height);
      target.drawImage(kept!.layer.canvas, 0, 0);
      target.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawPointers(target, scene, palette);
    },
  };
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((part, i) => Object.is(part, b[i]));
}
