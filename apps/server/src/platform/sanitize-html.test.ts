import { describe, expect, it } from 'vitest';
import { plainText, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting, links and images, and drops scripts, handlers, styles and javascript: links', () => {
    expect(sanitizeHtml('<p>ฝาก <strong>100</strong> รับ <a href="https://x.test/a">โบนัส</a></p>')).toBe(
      '<p>ฝาก <strong>100</strong> รับ <a href="https://x.test/a" rel="noopener noreferrer">โบนัส</a></p>',
    );
    expect(sanitizeHtml('<img src="/banner.png" alt="b" onerror="alert(1)">')).toBe(
      '<img src="/banner.png" alt="b" />',
    );
    expect(sanitizeHtml('<script>alert(1)</script><p style="color:red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><iframe src="https://x.test"></iframe>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
  });
});

describe('the operator HTML cleaner', () => {
  it('keeps formatting and drops scripts, handlers, styles and unsafe links', () => {
    expect(sanitizeHtml('<p><strong>Hi</strong> <em>there</em></p>')).toBe(
      '<p><strong>Hi</strong> <em>there</em></p>',
    );
    expect(sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA" onerror="x()">')).toBe('<img />');
    expect(sanitizeHtml('<iframe src="https://evil"></iframe><style>p{}</style>ok')).toBe('ok');
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('turns a name into plain text', () => {
    expect(plainText(' <b>Welcome</b> 100% & more<script>x</script> ')).toBe('Welcome 100% & more');
  });
});
