import { describe, expect, it } from 'vitest';
import { byDialect } from './battery.ts';
import { CHECKS, info } from './fixtures.test-support.ts';

describe('the battery before a run', () => {
  it('lists each dialect’s checks in the registry’s order, leaving out dialects with none', () => {
    const checks = [info('messages.text', 'anthropic-messages'), ...CHECKS.filter((check) => check.protocol === 'chat-completions')];
    expect(byDialect(checks).map((battery) => `${battery.protocol}: ${battery.checks.map((check) => check.id).join(', ')}`)).toEqual(['chat-completions: chat.text, chat.usage', 'anthropic-messages: messages.text']);
  });

  it('keeps only the dialects ticked', () => {
    expect(byDialect(CHECKS, ['anthropic-messages']).map((battery) => battery.protocol)).toEqual(['anthropic-messages']);
  });
});
