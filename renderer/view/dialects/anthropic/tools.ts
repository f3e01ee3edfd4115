// How the tool calls panel and the timeline read an Anthropic Messages stream's calls
// (../kit/tool-items.ts): a tool_use (server_tool_use) block opened by content_block_start at its
// index, extended by input_json_delta's partial_json, ended (and its input parsed) by
// content_block_stop.

import { TOOL_BLOCKS } from '../../../../shared/dialects/anthropic/accumulate.ts';
import type { MessagesInterpretation } from '../../../../shared/dialects/anthropic/interpret.ts';
import { stringOf } from '../kit/tool-items.ts';
import type { OpenCall, ToolItemReading } from '../kit/tool-items.ts';

export const ANTHROPIC_TOOL_ITEMS: ToolItemReading = {
  start(calls) {
    // Tool blocks by index.
    const blocks = new Map<number, OpenCall>();
    return (event, interpretation) => {
      const reading = interpretation as MessagesInterpretation;
      const op = reading.ops[0];
      if (op === undefined) return;
      if (op.type === 'block-start') {
        const type = typeof op.block.type === 'string' ? op.block.type : '?';
        // A block started again at an index replaces the one before, as in the fold.
        if (!TOOL_BLOCKS.has(type)) {
          blocks.delete(op.index);
          return;
        }
        const call: OpenCall = {
          where: `content[${op.index}]`,
          type,
          name: stringOf(op.block.name),
          callId: stringOf(op.block.id),
          itemId: null,
          member: 'input',
          json: true,
          openedAt: event,
          closedAt: -1,
          initial: '',
          startInput: op.block.input,
          fragments: [],
        };
        blocks.set(op.index, call);
        calls.push(call);
      } else if (op.type === 'delta' && op.deltaType === 'input_json_delta') {
        blocks.get(op.index)?.fragments.push({ event, text: op.text });
      } else if (op.type === 'block-stop') {
        const call = blocks.get(op.index);
        if (call && call.closedAt === -1) call.closedAt = event;
      }
    };
  },
};
