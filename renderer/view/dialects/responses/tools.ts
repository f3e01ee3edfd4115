// How the tool calls panel and the timeline read a Responses stream's calls (../kit/tool-items.ts):
// a function_call (custom_tool_call, mcp_call, code_interpreter_call) item opened by
// response.output_item.added at its output_index, extended by the arguments (input, code) deltas
// that name its item_id (else its output_index), ended by response.output_item.done.

import { initialText } from '../../../../shared/dialects/responses/final.ts';
import type { ResponsesInterpretation } from '../../../../shared/dialects/responses/interpret.ts';
import { CHANNELS } from '../../../../shared/dialects/responses/ops.ts';
import { stringOf } from '../kit/tool-items.ts';
import type { OpenCall, ToolItemReading } from '../kit/tool-items.ts';
import { TOOL_ITEMS } from './items.ts';

/** What a Responses delta names: an item's type at an output index (every item, so that indexes and types resolve as the fold's do). */
interface ItemSlot {
  readonly type: string;
  readonly call: OpenCall | null;
}

export const RESPONSES_TOOL_ITEMS: ToolItemReading = {
  start(calls) {
    // Items by output index and by id.
    const items = new Map<number, ItemSlot>();
    const itemsById = new Map<string, ItemSlot>();
    return (event, interpretation) => {
      const reading = interpretation as ResponsesInterpretation;
      const op = reading.ops[0];
      if (op === undefined) return;
      if (op.type === 'item-added') {
        let index = op.outputIndex;
        if (index === null) for (index = 0; items.has(index); ) index++;
        const type = typeof op.item.type === 'string' ? op.item.type : '?';
        const id = typeof op.item.id === 'string' && op.item.id !== '' ? op.item.id : null;
        const member = TOOL_ITEMS[type];
        let call: OpenCall | null = null;
        if (member !== undefined) {
          call = {
            where: `output[${index}]`,
            type,
            name: stringOf(op.item.name),
            callId: stringOf(op.item.call_id),
            itemId: id,
            member,
            json: member === 'arguments',
            openedAt: event,
            closedAt: -1,
            initial: initialText(op.item, member),
            startInput: undefined,
            fragments: [],
          };
          calls.push(call);
        }
        const slot = { type, call };
        items.set(index, slot);
        if (id !== null) itemsById.set(id, slot);
      } else if (op.type === 'item-done') {
        const id = typeof op.item.id === 'string' && op.item.id !== '' ? op.item.id : null;
        const slot = (id !== null ? itemsById.get(id) : undefined) ?? (op.outputIndex !== null ? items.get(op.outputIndex) : undefined);
        if (slot?.call && slot.type === op.item.type) {
          slot.call.closedAt = event;
          slot.call.name ??= stringOf(op.item.name);
          slot.call.callId ??= stringOf(op.item.call_id);
        }
      } else if (op.type === 'delta') {
        const channel = CHANNELS[op.channel];
        if (channel.area !== 'item') return;
        const slot = op.itemId !== null ? itemsById.get(op.itemId) : op.outputIndex !== null ? items.get(op.outputIndex) : undefined;
        if (slot?.call && slot.type === channel.itemType) slot.call.fragments.push({ event, text: op.text });
      }
    };
  },
};
