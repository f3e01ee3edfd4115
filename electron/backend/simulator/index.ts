// The built-in simulator: a streaming endpoint on loopback
// that plays scripted scenarios, clean and faulty, with realistic timing, in
// every registered dialect: Chat Completions, the Responses API and Anthropic Messages.
export { startSimulator, DEFAULT_SEED } from './server.ts';
export type { Simulator, SimulatorOptions, SimulatorWrite, SimulatorRequestLog } from './server.ts';
export { MODEL_PREFIX, descriptionIn, findScenario, modelsOf, scenariosOf, showsIn } from './scenarios.ts';
export { DEFECTS_OF_CHECK, simulatorModelOf } from './check-scenarios.ts';
export type { CheckDefect } from './check-scenarios.ts';
export { defectScenariosOf, findServedScenario } from './defects.ts';
export type { Scenario, ScenarioContext, Script } from './scenarios.ts';
export { SIM_OVERRIDES, parseChatRequest } from './chat/request.ts';
export type { SimOverrides, ChatRequest } from './chat/request.ts';
export { DEFAULT_PACE, createRng, seedFrom } from './timing.ts';
export type { PaceOptions, Rng } from './timing.ts';
export type { ChatScript, Step, FinishReason } from './chat/script.ts';
export type { OpenAiError } from './errors.ts';
