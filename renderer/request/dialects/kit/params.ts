// The body parameters the editor has a field for, across the dialects, and how one dialect's
// numeric field is checked. Which of them a dialect shows, and its ranges, are its own (NAME/index.ts).

import type { RequestDialect } from '../types.ts';

/** Every body parameter with a field of its own, in any dialect; anything else goes in the extra JSON. */
export const PARAMS = ['temperature', 'max_tokens', 'max_output_tokens', 'top_p', 'top_k', 'n', 'seed', 'tool_choice'] as const;
export type ParamName = (typeof PARAMS)[number];
export type NumberName = Exclude<ParamName, 'tool_choice'>;

/** The token limit, under each dialect's name for it: carried from one to the other. */
export const TOKEN_LIMITS: readonly NumberName[] = ['max_tokens', 'max_output_tokens'];

/** A numeric parameter: its field's hint and the range the API reference gives. */
export interface NumberParam {
  readonly name: NumberName;
  readonly hint: string;
  readonly integer: boolean;
  readonly min: number;
  readonly max: number;
  /** Said when the field is empty; absent: an empty field is not sent. */
  readonly required?: string;
}

/** The same in every dialect that has it (OpenAI's and Anthropic's references agree). */
export const TOP_P: NumberParam = { name: 'top_p', hint: '0 to 1', integer: false, min: 0, max: 1 };

/** The dialect's parameters with a field, in the editor's order. */
export function paramNames(dialect: RequestDialect): readonly ParamName[] {
  return [...dialect.numbers.map((param) => param.name), 'tool_choice'];
}

/** The tool_choice field's hint: the dialect's modes, or a function's name. */
export function toolChoiceHint(dialect: RequestDialect): string {
  return `${dialect.toolChoice.modes.join(', ')}, name`;
}
