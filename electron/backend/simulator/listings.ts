// The scenario lists as the layers outside the simulator read them (the CLI's
// `simulate`, the API's scenario list, the recorder's and the replay's tests):
// Chat Completions' list, and the Responses and Messages lists under the
// simulator's words for those two dialects. All are views of the one table
// (scenarios.ts).

import type { Protocol } from '../../../shared/dialects/types.ts';
import { SCENARIOS, descriptionIn, modelsOf, scenariosOf } from './scenarios.ts';

/** A scenario as one dialect lists it: its name, its description in the dialect's words, what it shows there. */
export interface ScenarioListing {
  readonly name: string;
  readonly description: string;
  readonly shows: readonly string[];
}

export function listingOf(protocol: Protocol): ScenarioListing[] {
  return scenariosOf(protocol).map((scenario) => ({ name: scenario.name, description: descriptionIn(scenario, protocol), shows: scenario.shows[protocol] ?? [] }));
}

/** Chat Completions' scenarios. */
export const CHAT_SCENARIOS: readonly ScenarioListing[] = listingOf('chat-completions');
export const SCENARIO_MODELS: readonly string[] = modelsOf('chat-completions');

/** The simulator's words for the dialects beside Chat Completions (the `messages` of `POST /v1/messages`). */
export type Dialect = 'responses' | 'messages';
export const DIALECTS: readonly Dialect[] = ['responses', 'messages'];
const PROTOCOL_OF: Readonly<Record<Dialect, Protocol>> = { responses: 'responses', messages: 'anthropic-messages' };

/** A scenario of the Responses and Messages lists: the dialects it runs in, and what it shows in each. */
export interface DialectScenario {
  readonly name: string;
  readonly description: string;
  readonly dialects: readonly Dialect[];
  readonly shows: Readonly<Partial<Record<Dialect, readonly string[]>>>;
}

/** Every scenario Responses or Messages plays, in the table's order. */
export const DIALECT_SCENARIOS: readonly DialectScenario[] = SCENARIOS.flatMap((scenario) => {
  const dialects = DIALECTS.filter((dialect) => scenario.dialects.includes(PROTOCOL_OF[dialect]));
  if (dialects.length === 0) return [];
  const shows = Object.fromEntries(dialects.flatMap((dialect) => (scenario.shows[PROTOCOL_OF[dialect]] ? [[dialect, scenario.shows[PROTOCOL_OF[dialect]]!]] : [])));
  return [{ name: scenario.name, description: descriptionIn(scenario, PROTOCOL_OF[dialects[0]!]), dialects, shows }];
});

export function dialectScenarios(dialect: Dialect): readonly DialectScenario[] {
  return DIALECT_SCENARIOS.filter((scenario) => scenario.dialects.includes(dialect));
}

/** The scenario a model name picks in this dialect, if any. */
export function findDialectScenario(dialect: Dialect, model: string): DialectScenario | undefined {
  return dialectScenarios(dialect).find((scenario) => `sim-${scenario.name}` === model);
}

export function dialectModels(dialect: Dialect): string[] {
  return modelsOf(PROTOCOL_OF[dialect]);
}
