// The defect scenarios of every dialect (issue 29, "Real servers to prove it on"): each dialect's
// defects (chat/defects.ts, responses/defects.ts, anthropic/defects.ts) as scenarios a check can
// be pointed at by model, `sim-<defect>`. Each plays the faithful scenario it rewrites, marked
// with its name, so the dialect renders the same answer with the one defect. They are kept out of
// scenariosOf (the catalogue of clean and faulty streams that the recorder, export and replay
// tests walk): findServedScenario finds both.

import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { MESSAGES_DEFECTS } from './anthropic/defects.ts';
import { BEDROCK_CONVERSE_DEFECTS } from './bedrock-converse/defects.ts';
import { CHAT_DEFECTS } from './chat/defects.ts';
import type { DefectSpec, Refusal } from './defect-spec.ts';
import type { HttpAnswer } from './plan.ts';
import { GEMINI_DEFECTS } from './gemini/defects.ts';
import { RESPONSES_DEFECTS } from './responses/defects.ts';
import { MODEL_PREFIX, SCENARIOS, findScenario } from './scenarios.ts';
import type { Scenario } from './scenarios.ts';

/** A defect's spec as every dialect has it: what it is for, and how it refuses, if it does. */
type AnyDefect = DefectSpec<{ readonly refusal?: Refusal }>;

export const DIALECT_DEFECTS: { readonly [P in Protocol]: readonly AnyDefect[] } = {
  'chat-completions': CHAT_DEFECTS,
  responses: RESPONSES_DEFECTS,
  'anthropic-messages': MESSAGES_DEFECTS,
  gemini: GEMINI_DEFECTS,
  'bedrock-converse': BEDROCK_CONVERSE_DEFECTS,
};

function scenarioOf(protocol: Protocol, defect: AnyDefect): Scenario {
  const faithful = SCENARIOS.find((scenario) => scenario.name === defect.builds && scenario.dialects.includes(protocol));
  if (faithful === undefined) throw new Error(`The defect ${defect.name} rewrites ${defect.builds}, which ${protocol} does not play.`);
  return {
    name: defect.name,
    description: defect.description,
    dialects: [protocol],
    shows: {},
    ...(faithful.defaultN === undefined ? {} : { defaultN: faithful.defaultN }),
    build(context) {
      const script = faithful.build(context);
      return script.kind === 'stream' ? { ...script, defect: defect.name } : script;
    },
  };
}

const DEFECT_SCENARIOS: { readonly [P in Protocol]: readonly Scenario[] } = {
  'chat-completions': CHAT_DEFECTS.map((defect) => scenarioOf('chat-completions', defect)),
  responses: RESPONSES_DEFECTS.map((defect) => scenarioOf('responses', defect)),
  'anthropic-messages': MESSAGES_DEFECTS.map((defect) => scenarioOf('anthropic-messages', defect)),
  gemini: GEMINI_DEFECTS.map((defect) => scenarioOf('gemini', defect)),
  'bedrock-converse': BEDROCK_CONVERSE_DEFECTS.map((defect) => scenarioOf('bedrock-converse', defect)),
};

/** A dialect's defect scenarios, in the order its defects are written. */
export function defectScenariosOf(protocol: Protocol): readonly Scenario[] {
  return DEFECT_SCENARIOS[protocol];
}

/** The scenario a model name picks in this dialect: a clean or faulty one, else a defect. */
export function findServedScenario(protocol: Protocol, model: string): Scenario | undefined {
  return findScenario(protocol, model) ?? DEFECT_SCENARIOS[protocol].find((scenario) => MODEL_PREFIX + scenario.name === model);
}

/**
 * A request the dialect refuses, answered as the defect scenario its model names answers it (a
 * 200 stream with the error inside), or as the dialect refuses it.
 */
export function refusalFor(protocol: Protocol, text: string, refused: HttpAnswer, path = ''): HttpAnswer {
  if (refused.kind !== 'json') return refused;
  // The model the path names, where the dialect names it there (Gemini's), else the body's.
  let model: unknown = descriptorOf(protocol).modelOfPath(path);
  if (model === null) {
    try {
      model = (JSON.parse(text) as { model?: unknown }).model;
    } catch {
      return refused;
    }
  }
  const refusal = DIALECT_DEFECTS[protocol].find((defect) => MODEL_PREFIX + defect.name === model)?.rewrite.refusal;
  return refusal === undefined ? refused : refusal(refused);
}
