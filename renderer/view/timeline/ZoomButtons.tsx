// The zoom toolbar's buttons (−, +, Fit), for every timeline that zooms with ./use-zoom.ts.

import { ZOOM_STEP } from './use-zoom.ts';
import type { Zoom } from './use-zoom.ts';

export interface ZoomButtonsProps {
  readonly zoom: Zoom;
  /** The axis value + and − zoom around when it is in view (the selected event); else the view's middle. */
  readonly around?: number;
  /** What Fit shows, for its title. */
  readonly whole: string;
}

export function ZoomButtons({ zoom, around, whole }: ZoomButtonsProps) {
  return (
    <>
      <button type="button" onClick={() => zoom.zoomBy(1 / ZOOM_STEP, around)} disabled={!zoom.zoomed} aria-label="Zoom out" title="Zoom out (−)">
        −
      </button>
      <button type="button" onClick={() => zoom.zoomBy(ZOOM_STEP, around)} disabled={zoom.atMinimum} aria-label="Zoom in" title="Zoom in (+)">
        +
      </button>
      <button type="button" onClick={zoom.fit} disabled={!zoom.zoomed} title={`Show ${whole} (0)`}>
        Fit
      </button>
    </>
  );
}
