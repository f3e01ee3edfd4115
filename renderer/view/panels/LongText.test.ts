import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LONG_TEXT, LongText } from './LongText.tsx';

describe('a long text block', () => {
  it('shows a text up to the limit whole', () => {
    const text = 'a'.repeat(LONG_TEXT);
    expect(renderToStaticMarkup(createElement(LongText, { text, className: 'x', testId: 't' }))).toBe(`<div class="x" data-testid="t">${text}</div>`);
  });

  it('shows the start of a longer one, says how much is left, and offers the rest', () => {
    const text = 'b'.repeat(LONG_TEXT) + 'c'.repeat(1234);
    const html = renderToStaticMarkup(createElement(LongText, { text, className: 'x' }));
    expect(html).toContain(`data-cut="1234"`);
    expect(html).toContain('b'.repeat(LONG_TEXT) + '<span');
    expect(html).not.toContain('cccc');
    expect(html).toContain('… and 1,234 more characters');
    expect(html).toContain('Show all 21,234 characters');
  });
});
