// The rules of the Bedrock ConverseStream checks (battery.ts), each with where it comes from. The
// reference streams are Bedrock's own (shared/test/fixtures/bedrock/, SOURCES.md there); what a
// client keeps is @aws-sdk/client-bedrock-runtime's ConverseStreamCommand's events, read through
// the dialect's final object (the Converse response) and its findings. A recording read in
// another dialect has no such object, and every rule then says so.

import type { Analysis } from '../../../analysis/analyze.ts';
import type { ConverseResponse } from '../../../dialects/bedrock-converse/final.ts';
import { isObject } from '../../../is-object.ts';
import { diagnosed, refusedAsJson } from '../evidence.ts';
import type { CheckRule } from '../types.ts';

const STREAM = 'Amazon Bedrock API reference, "ConverseStream" (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html)';
const TOOLS = 'Amazon Bedrock User Guide, "Call a tool with the Converse API" (docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html)';
const ERRORS = 'Amazon Bedrock API reference, "ConverseStream: Errors" and "Common Errors"';
const CAPTURE = 'bedrock/converse-claude35sonnet-text.bin (bedrock-runtime.us-east-1.amazonaws.com)';

function finalOf(analysis: Analysis): ConverseResponse | null {
  return analysis.protocol === 'bedrock-converse' && analysis.final !== null ? (analysis.final as ConverseResponse) : null;
}

const NOT_CONVERSE = 'The stream was not read as Bedrock ConverseStream.';

/** No exception frame inside the 200: the answer came to its end. */
export const noException: CheckRule = {
  code: 'exception-frame',
  says: 'No exception frame (throttlingException, modelStreamErrorException …) comes inside the 200 stream: the answer came to its end.',
  reference: `${STREAM} ("ConverseStreamOutput": the exception members); ${CAPTURE}`,
  breaks: 'fail',
  judge: (analysis) => (finalOf(analysis) === null ? [NOT_CONVERSE] : diagnosed(analysis, ['stream-exception'])),
};

/** The stream ends with messageStop, this stopReason. */
export function stopReason(reason: string): CheckRule {
  return {
    code: 'no-stop-reason',
    says: `messageStop comes, with stopReason "${reason}": it is how a client knows the answer is whole, and why it stopped.`,
    reference: `${STREAM} ("MessageStopEvent: stopReason"); ${CAPTURE}`,
    breaks: 'fail',
    judge(analysis) {
      const final = finalOf(analysis);
      if (final === null) return [NOT_CONVERSE];
      if (final.stopReason === null) {
        const missing = diagnosed(analysis, ['missing-message-stop']);
        return missing.length > 0 ? missing : ['No messageStop came.'];
      }
      return final.stopReason === reason ? [] : [`The stream stopped with "${final.stopReason}".`];
    },
  };
}

export const usageMetadata: CheckRule = {
  code: 'no-usage',
  says: 'A metadata event follows messageStop, its usage counting inputTokens, outputTokens and totalTokens.',
  reference: `${STREAM} ("ConverseStreamMetadataEvent: usage, metrics"); ${CAPTURE}`,
  breaks: 'warn',
  judge(analysis) {
    const final = finalOf(analysis);
    if (final === null) return [NOT_CONVERSE];
    if (final.usage === null) return ['No metadata event carried usage.'];
    const usage = final.usage;
    return ['inputTokens', 'outputTokens', 'totalTokens'].filter((field) => typeof usage[field] !== 'number').map((field) => `The usage has no ${field}.`);
  },
};

/** The forced tool use comes whole: a toolUse block with the tool's name and its input an object holding the required members. */
export function toolUseWhole(name: string, required: readonly string[]): CheckRule {
  return {
    code: 'tool-use-not-whole',
    says: `The tool use comes as one block: contentBlockStart's toolUse {toolUseId, name: "${name}"}, then input fragments that join into a JSON object holding ${required.join(', ')}.`,
    reference: `${TOOLS}; bedrock/converse-claude35sonnet-text-then-tool-use.bin`,
    breaks: 'fail',
    judge(analysis) {
      const final = finalOf(analysis);
      if (final === null) return [NOT_CONVERSE];
      const invalid = diagnosed(analysis, ['tool-arguments-invalid']);
      if (invalid.length > 0) return invalid;
      const uses = final.message.content.map((block) => block.toolUse).filter((use) => use !== undefined);
      if (uses.length === 0) return ['No toolUse block arrived.'];
      return uses.flatMap((use, at): string[] => {
        if (!isObject(use)) return [`Block ${at}'s toolUse is not an object.`];
        if (use.name !== name) return [`Tool use ${at} names ${JSON.stringify(use.name ?? null)}, not "${name}".`];
        if (typeof use.toolUseId !== 'string' || use.toolUseId === '') return [`Tool use ${at} has no toolUseId.`];
        const input = use.input;
        if (!isObject(input)) return [`Tool use ${at}'s input is not an object.`];
        const missing = required.filter((member) => !(member in input));
        return missing.length === 0 ? [] : [`Tool use ${at}'s input lacks ${missing.join(', ')}.`];
      });
    },
  };
}

/** Bedrock's error shape: `{"message": …}` (the exception's name in x-amzn-ErrorType, or `__type`). */
const isBedrockError = (json: unknown): boolean => isObject(json) && typeof json.message === 'string';

export const bedrockError = refusedAsJson(
  'A request Bedrock refuses is answered with a 4xx status and its JSON error, {"message": …} (the exception in x-amzn-ErrorType), not a 200 stream.',
  `${ERRORS} (ValidationException: 400)`,
  isBedrockError,
  "Bedrock's error object",
);
