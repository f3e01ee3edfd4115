// Zoom and pan of a timeline's axis, as the recording view's timeline and the compare view's two
// rows both do them (docs/recording-view.md, docs/compare.md): the wheel around the pointer
// (horizontal or shift: pan), +/− and 0 or f, Shift+←/→, and a drag that pans. One hook holds the
// view; however many canvases draw it, they move together.

import { useEffect, useMemo, useState } from 'react';
import type { RefObject } from 'react';
import type { Geometry } from './geometry.ts';
import { clampView, fitView, isFit, panBy, revealIn, zoomAt } from './scale.ts';
import type { Domain, View } from './scale.ts';

export const ZOOM_STEP = 2;
/** Shift+arrow pans by this share of the view. */
const PAN_STEP = 0.1;

export interface Zoom {
  readonly view: View;
  /** False while the whole domain is shown (and followed as it grows). */
  readonly zoomed: boolean;
  /** The view is as narrow as the domain allows. */
  readonly atMinimum: boolean;
  /** Zooms by `factor` (above 1: in) around axis value `around`, or the view's middle when it is outside the view. */
  zoomBy(factor: number, around?: number): void;
  fit(): void;
  /** Brings `at` into a zoomed view (a selection made elsewhere); may be called while rendering. */
  reveal(at: number): void;
  /** A drag that began on `startView` and has moved `dx` pixels along a plot of `geometry`. */
  panDrag(startView: View, dx: number, geometry: Geometry): void;
  /** The zoom and pan keys (+ = − _ 0 f, Shift+←/→); true when `key` was one of them. */
  key(key: string, shiftKey: boolean, around?: number): boolean;
  /** A wheel over pixel `x` of a canvas laid out by `geometry`. */
  wheel(event: WheelEvent, x: number, geometry: Geometry): void;
}

export function useZoom(domain: Domain): Zoom {
  // The view the user chose; null: the whole domain, following it as it grows.
  const [chosen, setChosen] = useState<View | null>(null);
  // Kept while neither changes: the canvases redraw when the view object does.
  const view = useMemo(() => (chosen ? clampView(chosen, domain) : fitView(domain)), [chosen, domain]);
  const show = (next: View): void => setChosen(isFit(next, domain) ? null : next);
  const span = view.end - view.start;

  const zoomBy = (factor: number, around = NaN): void => {
    show(zoomAt(view, domain, factor, around >= view.start && around <= view.end ? around : (view.start + view.end) / 2));
  };
  const panShare = (share: number): void => show(panBy(view, domain, share * span));

  return {
    view,
    zoomed: chosen !== null,
    atMinimum: span <= domain.minSpan * 1.0001,
    zoomBy,
    fit: () => setChosen(null),
    reveal(at) {
      if (!chosen) return;
      const next = revealIn(view, domain, at);
      if (next !== view) setChosen(next);
    },
    panDrag(startView, dx, geometry) {
      show(panBy(startView, domain, (-dx / geometry.plotWidth) * (startView.end - startView.start)));
    },
    key(key, shiftKey, around) {
      if ((key === 'ArrowLeft' || key === 'ArrowRight') && shiftKey) panShare((key === 'ArrowLeft' ? -1 : 1) * PAN_STEP);
      else if (key === '+' || key === '=') zoomBy(ZOOM_STEP, around);
      else if (key === '-' || key === '_') zoomBy(1 / ZOOM_STEP, around);
      else if (key === '0' || key === 'f') setChosen(null);
      else return false;
      return true;
    },
    wheel(event, x, geometry) {
      // Zoom around the pointer (ctrl/⌘ or a plain vertical wheel); horizontal or shift: pan.
      const horizontal = event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY);
      if (horizontal && !event.ctrlKey && !event.metaKey) {
        const delta = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
        panShare(delta / geometry.plotWidth);
        return;
      }
      const anchor = view.start + ((x - geometry.plotLeft) / geometry.plotWidth) * span;
      show(zoomAt(view, domain, Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002)), anchor));
    },
  };
}

/**
 * Sends the canvas's wheel events to `zoom`, keeping the page from scrolling: listened to
 * directly, since React's wheel listener is passive and cannot.
 */
export function useWheelZoom(canvasRef: RefObject<HTMLCanvasElement | null>, zoom: Zoom, geometry: Geometry): void {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault();
      zoom.wheel(event, event.clientX - canvas.getBoundingClientRect().left, geometry);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  });
}
