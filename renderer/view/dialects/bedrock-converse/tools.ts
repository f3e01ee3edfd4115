// How the tool calls panel and the timeline read a ConverseStream's tool uses (../kit/tool-items.ts):
// a toolUse block opened by contentBlockStart at its contentBlockIndex (its toolUseId and name),
// extended by contentBlockDelta's toolUse.input fragments, ended (and its input parsed) by
// contentBlockStop — as the accumulator (shared/dialects/bedrock-converse/accumulator.ts) reads them.

import type { ConverseInterpretation } from '../../../../shared/dialects/bedrock-converse/interpret.ts';
import { stringOf } from '../kit/tool-items.ts';
import type { OpenCall, ToolItemReading } from '../kit/tool-items.ts';

export const CONVERSE_TOOL_ITEMS: ToolItemReading = {
  start(calls) {
    // Tool blocks by contentBlockIndex.
    const blocks = new Map<number, OpenCall>();
    return (event, interpretation) => {
      for (const op of (interpretation as ConverseInterpretation).ops) {
        if (op.op === 'block-start') {
          // A block started again at an index replaces the one before, as in the fold.
          if (op.key !== 'toolUse') {
            blocks.delete(op.index);
            continue;
          }
          const call: OpenCall = {
            where: `contentBlockIndex ${op.index}`,
            type: 'toolUse',
            name: stringOf(op.start.name),
            callId: stringOf(op.start.toolUseId),
            itemId: null,
            member: 'input',
            json: true,
            openedAt: event,
            closedAt: -1,
            initial: '',
            startInput: undefined,
            fragments: [],
          };
          blocks.set(op.index, call);
          calls.push(call);
        } else if (op.op === 'delta') {
          for (const delta of op.deltas) if (delta.type === 'tool-input') blocks.get(op.index)?.fragments.push({ event, text: delta.input });
        } else if (op.op === 'block-stop') {
          const call = blocks.get(op.index);
          if (call && call.closedAt === -1) call.closedAt = event;
        }
      }
    };
  },
};
