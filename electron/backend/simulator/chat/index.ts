// The Chat Completions endpoint of the simulator (`POST /v1/chat/completions`):
// requests read as OpenAI reads them, errors in OpenAI's shape, the scenarios'
// answers written as chunks (render.ts) and planned (plan.ts) or, for
// `stream: false`, folded into one chat.completion.

import { invalidRequest, modelNotFound, openAiError } from '../errors.ts';
import { drawsOf } from '../plan.ts';
import type { SimulatorDialect } from '../plan.ts';
import { modelsOf } from '../scenarios.ts';
import { defectOf } from '../defect-spec.ts';
import { makeIdentity, toolCallId } from './chunks.ts';
import { CHAT_DEFECTS } from './defects.ts';
import { planResponse } from './plan.ts';
import { chatScript } from './render.ts';
import { parseChatRequest } from './request.ts';
import type { ChatRequest } from './request.ts';

export const CHAT_DIALECT: SimulatorDialect<ChatRequest> = {
  protocol: 'chat-completions',
  parse(text) {
    const parsed = parseChatRequest(text);
    return parsed.ok ? parsed : { ok: false, answer: openAiError(400, parsed.error) };
  },
  tooLarge: (limit) => openAiError(413, invalidRequest(`The request body is larger than ${limit} bytes.`)),
  notFound: (model) => openAiError(404, modelNotFound(model, modelsOf('chat-completions'))),
  headers: () => ({}),
  // OpenAI's own `seed` counts too; Chat's seeds, the first dialect's, mix in no dialect word.
  draws: (request, scenario, serverSeed) => drawsOf(request.sim.seed ?? request.seed ?? serverSeed, scenario),
  choices: (request, scenario) => request.n ?? scenario.defaultN ?? 1,
  tools: { argumentsJson: (args) => JSON.stringify(args), callId: toolCallId },
  render(scripts, { request: asked, draws, pace }) {
    // A defect scenario (defects.ts) answers as the defective server would: the request misread, the choices or steps rewritten.
    const defect = defectOf(CHAT_DEFECTS, scripts[0]);
    const request = defect?.request?.(asked) ?? asked;
    const written = chatScript(defect?.choices?.(scripts) ?? scripts, request);
    const script = defect?.steps && written.kind === 'stream' ? { ...written, steps: defect.steps(written.steps) } : written;
    return planResponse({ script, request, identity: makeIdentity(draws('identity'), request.model), pace, timingRng: draws('timing'), paddingRng: draws('padding') });
  },
};
