// The framing the analysis reads a body with (framing/types.ts): its parser in the fold, its own
// checks in diagnose. Every registered dialect streams SSE; the analysis's context still holds
// SSE's end of body (`partial`, `stats`), so a second framing comes with its descriptor naming it
// (docs/architecture.md, "Framing").

import { sse } from '../framing/sse/index.ts';

export const BODY_FRAMING = sse;
