// The package ships its types as lib/index.d.mts, written out (a project's compiler would check the
// .ts sources under its own settings). The type check (`npm run typecheck`) holds each of them
// equal to the source's here; at run time, the entry exports what the declarations declare.

import { describe, expectTypeOf, it } from 'vitest';
import type * as Shipped from '../../../lib/index.mjs';
import type * as Source from './index.ts';

describe('the types the package ships (lib/index.d.mts)', () => {
  it('are the source types, option by option and member by member', () => {
    expectTypeOf<Shipped.ProxyOptions>().toEqualTypeOf<Source.ProxyOptions>();
    expectTypeOf<Shipped.MockOptions>().toEqualTypeOf<Source.MockOptions>();
    expectTypeOf<Shipped.Upstream>().toEqualTypeOf<Source.Upstream>();
    expectTypeOf<Shipped.ReplayFaults>().toEqualTypeOf<Source.ReplayFaults>();
    expectTypeOf<Shipped.ReplayStall>().toEqualTypeOf<Source.ReplayStall>();
    expectTypeOf<Shipped.CaptureExchange>().toEqualTypeOf<Source.CaptureExchange>();
    expectTypeOf<Shipped.ReplayRequestLog>().toEqualTypeOf<Source.ReplayRequestLog>();
    expectTypeOf<Shipped.RunningProxy>().toEqualTypeOf<Source.RunningProxy>();
    expectTypeOf<Shipped.RunningMock>().toEqualTypeOf<Source.RunningMock>();
    expectTypeOf<typeof Shipped.startProxy>().toEqualTypeOf<typeof Source.startProxy>();
    expectTypeOf<typeof Shipped.startMock>().toEqualTypeOf<typeof Source.startMock>();
  });
});
