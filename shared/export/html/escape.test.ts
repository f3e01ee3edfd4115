import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html, pre, raw, shown } from './escape.ts';
import { mixedBytes } from '../../test/streams.ts';
import { rawBytes } from './raw.ts';

const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('escapeHtml', () => {
  it('escapes the five characters that could open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('writes invisible characters as their JSON escape and keeps tab and line feed', () => {
    expect(escapeHtml('a\u0000b\rc\bd\fe\u0085f\u2028g\u2029h\u202ei\u200bj\ufeffk\u00adl\tm\nn\u007f')).toBe(
      'a\\u0000b\\rc\\bd\\fe\\u0085f\\u2028g\\u2029h\\u202ei\\u200bj\\ufeffk\\u00adl\tm\nn\\u007f',
    );
  });

  it('writes unpaired surrogates as escapes and keeps paired ones', () => {
    expect(escapeHtml('\ud800x y\udc00 \ud83d\ude00')).toBe('\\ud800x y\\udc00 \ud83d\ude00');
  });

  it('leaves nothing that could open a tag, end an attribute or hide from the reader, whatever the input', () => {
    const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ unit: anyUnit, maxLength: 60 }), (text) => {
        const escaped = escapeHtml(text);
        // eslint-disable-next-line no-control-regex -- control characters are what it looks for
        expect(escaped).not.toMatch(/[<>"'\0-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029\u202A-\u202E]/);
        expect(escaped).not.toMatch(UNPAIRED);
        expect(escaped.replace(/&[a-z0-9#]+;/g, '')).not.toContain('&');
      }),
    );
  });
});

describe('html', () => {
  it('escapes interpolated strings, joins arrays, leaves nothing for null, undefined and booleans', () => {
    const items = ['<b>', 'x&y'];
    expect(html`<p title="${'"quoted"'}">${items.map((item) => html`<i>${item}</i>`)}${null}${undefined}${false}${3}</p>`.value).toBe(
      '<p title="&quot;quoted&quot;"><i>&lt;b&gt;</i><i>x&amp;y</i>3</p>',
    );
  });

  it('does not escape markup it made itself or markup marked raw', () => {
    expect(html`<div>${html`<span>${'<'}</span>`}${raw('<br>')}</div>`.value).toBe('<div><span>&lt;</span><br></div>');
  });
});

describe('shown and pre', () => {
  it('mark invisible characters in element content so they stand out', () => {
    expect(shown('a\u0000b<c').value).toBe('a<span class="esc">\\u0000</span>b&lt;c');
  });

  it('start a <pre> with a newline the parser drops, so a leading newline of the text survives', () => {
    expect(pre('\nx', 'text').value).toBe('<pre class="text">\n\nx</pre>');
  });
});

describe('rawBytes', () => {
  it('makes CRLF, CR and LF line endings visible, each kept as a line break', () => {
    expect(rawBytes(mixedBytes('data: a\r\n\r\ndata: b\r\rdata: c\n\n')).value).toBe(
      'data: a<span class="le">\\r\\n</span>\n<span class="le">\\r\\n</span>\ndata: b<span class="le">\\r</span>\n<span class="le">\\r</span>\ndata: c<span class="le">\\n</span>\n<span class="le">\\n</span>\n',
    );
  });

  it('shows bytes that are not UTF-8 as \\xNN instead of replacing them', () => {
    // An overlong NUL, an encoded surrogate, a byte no UTF-8 sequence starts with, a sequence cut by the end.
    expect(rawBytes(mixedBytes('a', [0xc0, 0x80], 'b', [0xed, 0xa0, 0x80], 'c', [0xf5], 'é', [0xe2, 0x82])).value).toBe(
      'a<span class="bad">\\xc0</span><span class="bad">\\x80</span>b<span class="bad">\\xed</span><span class="bad">\\xa0</span><span class="bad">\\x80</span>c<span class="bad">\\xf5</span>é<span class="bad">\\xe2</span><span class="bad">\\x82</span>',
    );
  });

  it('keeps every well-formed sequence, four-byte ones included, and marks NUL and markup', () => {
    expect(rawBytes(mixedBytes('😀 <x>', [0], '\u2028')).value).toBe('😀 &lt;x&gt;<span class="esc">\\u0000</span><span class="esc">\\u2028</span>');
  });

  it('cuts a long event at a character boundary and counts what it left out', () => {
    expect(rawBytes(mixedBytes('aé z'), 2).value).toBe('a<span class="cut">… 4 more bytes not shown</span>');
    expect(rawBytes(mixedBytes('aé z'), 3).value).toBe('aé<span class="cut">… 2 more bytes not shown</span>');
  });
});
