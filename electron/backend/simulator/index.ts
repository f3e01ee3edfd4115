// The built-in simulator: a streaming endpoint on loopback
// that plays scripted scenarios, clean and faulty, with realistic timing, in
// three dialects: Chat Completions, the Responses API and Anthropic Messages.
export { startSimulator, DEFAULT_SEED } from './server.ts';
export type { Simulator, SimulatorOptions, SimulatorWrite, SimulatorRequestLog } from './server.ts';
export { SCENARIOS, SCENARIO_MODELS, MODEL_PREFIX, findScenario } from './chat/scenarios.ts';
export type { Scenario, ScenarioContext } from './chat/scenarios.ts';
export { SIM_OVERRIDES, parseChatRequest } from './chat/request.ts';
export type { SimOverrides, ChatRequest } from './chat/request.ts';
export { DEFAULT_PACE, createRng, seedFrom } from './timing.ts';
export type { PaceOptions, Rng } from './timing.ts';
export type { Script, Step, OpenAiError, FinishReason } from './chat/script.ts';
export { DIALECTS, DIALECT_SCENARIOS, dialectModels, dialectScenarios, findDialectScenario } from './dialect-scenarios.ts';
export type { Dialect, DialectScenario } from './dialect-scenarios.ts';
