import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMarkup, stripTags } from '../../../src/shared/flows/markup.ts';
import { fillVariables, isMessageVariable, MESSAGE_VARIABLES, splitVariables, variableToken } from '../../../src/shared/flows/variables.ts';

/** Every tag the renderer may emit; anything else in the output would be an injection. */
const onlyOwnTags = (html: string) => {
  const tags = html.match(/<[^>]*>/g) ?? [];
  return tags.every((tag) => /^<(b|\/b|i|\/i|\/a)>$/.test(tag) || /^<a href="https?:\/\/[^"<>]*" target="_blank" rel="noopener noreferrer nofollow">$/.test(tag));
};

describe('renderMarkup', () => {
  it('bold, italic, links and plain text', () => {
    expect(renderMarkup('Hello *Anna*, see you _tomorrow_')).toBe('Hello <b>Anna</b>, see you <i>tomorrow</i>');
    expect(renderMarkup('Pay: https://pay.example.com/o?id=1&x=2.')).toBe(
      'Pay: <a href="https://pay.example.com/o?id=1&amp;x=2" target="_blank" rel="noopener noreferrer nofollow">https://pay.example.com/o?id=1&amp;x=2</a>.',
    );
    expect(renderMarkup('*bold _and italic_*')).toBe('<b>bold <i>and italic</i></b>');
    expect(renderMarkup('_italic *and bold*_')).toBe('<i>italic <b>and bold</b></i>');
    expect(renderMarkup('line 1\nline 2')).toBe('line 1\nline 2');
  });

  it('leaves unclosed, empty, spaced and in-word markers as text', () => {
    expect(renderMarkup('*not closed')).toBe('*not closed');
    expect(renderMarkup('_a *b_ c*')).toBe('_a <b>b_ c</b>'); // bold first; the italic would cross it
    expect(renderMarkup('** and __')).toBe('** and __');
    expect(renderMarkup('* spaced *')).toBe('* spaced *');
    expect(renderMarkup('snake_case_name 2*3*4')).toBe('snake_case_name 2*3*4');
    expect(renderMarkup('*a _b* c_')).toBe('<b>a _b</b> c_');
    expect(renderMarkup('*one\ntwo*')).toBe('*one\ntwo*');
  });

  it('an underscore or asterisk inside a link stays part of the link', () => {
    const html = renderMarkup('_see https://x.example/a_b_c*d* now_');
    expect(html).toBe('<i>see <a href="https://x.example/a_b_c*d*" target="_blank" rel="noopener noreferrer nofollow">https://x.example/a_b_c*d*</a> now</i>');
  });

  it('strips script and link tags, including split and unclosed ones', () => {
    expect(renderMarkup('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(renderMarkup('<SCRIPT type="x">alert(1)</SCRIPT >ok')).toBe('ok');
    expect(renderMarkup('<scr<script>x</script>ipt>alert(1)</script>')).toBe('alert(1)');
    expect(renderMarkup('<script src=//evil.example/x.js>')).toBe('');
    expect(renderMarkup('a<link rel="stylesheet" href="https://evil.example/x.css">b')).toBe('ab');
    expect(stripTags('<script>unclosed')).toBe('unclosed');
  });

  it('escapes every other tag, event handler and attribute', () => {
    const cases = [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<svg onload=alert(1)><b>nested <i>tags</i></b></svg>',
      '"><img src=x onerror=alert(1)>',
      "*<img src=x onerror='alert(1)'>*",
      '<iframe srcdoc="<script>alert(1)</script>">',
      '<b onmouseover=alert(1)>hover</b>',
    ];
    for (const input of cases) {
      const html = renderMarkup(input);
      expect(onlyOwnTags(html), html).toBe(true);
      expect(html).not.toMatch(/<(img|svg|iframe|script)/i);
    }
    expect(renderMarkup('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('links only for http and https; javascript:, data: and tricks stay text', () => {
    for (const input of ['javascript:alert(1)', 'JaVaScRiPt:alert(document.cookie)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'vbscript:msgbox(1)', 'java\tscript:alert(1)']) {
      expect(renderMarkup(input)).not.toContain('<a');
    }
    // A quote ends the link: it cannot break out of the href attribute.
    const html = renderMarkup('https://x.example/"onmouseover="alert(1)');
    expect(html).toBe('<a href="https://x.example/" target="_blank" rel="noopener noreferrer nofollow">https://x.example/</a>&quot;onmouseover=&quot;alert(1)');
    expect(onlyOwnTags(renderMarkup('https://x.example/<script>alert(1)</script>'))).toBe(true);
    // A link whose host does not parse is text.
    expect(renderMarkup('http://[bad')).toBe('http://[bad');
  });

  it('entity tricks are shown literally, never decoded into markup', () => {
    expect(renderMarkup('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;');
    expect(renderMarkup('&#x3C;img src=x onerror=alert(1)&#x3E;')).toBe('&amp;#x3C;img src=x onerror=alert(1)&amp;#x3E;');
    expect(renderMarkup('&#106;avascript:alert(1)')).not.toContain('<a');
    // The internal placeholder character cannot be smuggled in to fetch someone else's link.
    expect(renderMarkup('\u00000\u0000 https://a.example')).toBe('0 <a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">https://a.example</a>');
  });

  it('escapeHtml covers quotes', () => {
    expect(escapeHtml(`<a href='x'>"&`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;');
  });
});

describe('message variables', () => {
  it('lists the §3 variables and writes them as {name}', () => {
    for (const name of ['clientName', 'recordDate', 'recordTime', 'masterName', 'serviceTitle', 'recordForm', 'reviewForm', 'orderNum', 'orderSum', 'paymentLink']) {
      expect(MESSAGE_VARIABLES).toContain(name);
    }
    expect(new Set(MESSAGE_VARIABLES).size).toBe(MESSAGE_VARIABLES.length);
    expect(variableToken('clientName')).toBe('{clientName}');
    expect(isMessageVariable('constructor')).toBe(false);
  });

  it('splits text into parts; unknown names stay text', () => {
    expect(splitVariables('Hi {clientName}, {unknown} at {recordTime}')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'variable', name: 'clientName' },
      { kind: 'text', text: ', {unknown} at ' },
      { kind: 'variable', name: 'recordTime' },
    ]);
    expect(fillVariables('Hi {clientName} {orderSum}', { clientName: 'Anna' })).toBe('Hi Anna {orderSum}');
  });

  it('a sample value is rendered as text, not markup', () => {
    expect(renderMarkup(fillVariables('{clientName}', { clientName: '<b>x</b>' }))).toBe('&lt;b&gt;x&lt;/b&gt;');
  });
});
