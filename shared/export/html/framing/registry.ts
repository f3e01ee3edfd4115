// Each registered framing's part of the HTML report, one line each, as the renderer's
// FRAMING_VIEWS: a `Record` over every FramingName, so a framing without one does not compile.

import type { FramingName } from '../../../framing/types.ts';
import { awsEventStreamReportFraming } from './aws-eventstream/index.ts';
import { textReportFraming } from './text.ts';
import type { ReportFraming } from './types.ts';

export const REPORT_FRAMINGS: Readonly<Record<FramingName, ReportFraming>> = {
  sse: textReportFraming,
  'aws-eventstream': awsEventStreamReportFraming,
  'json-array': textReportFraming,
};
