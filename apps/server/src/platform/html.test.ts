import { describe, expect, it } from 'vitest';
import { cleanHtml, plainText } from './html';

describe('the operator HTML cleaner', () => {
  it('keeps formatting and drops scripts, handlers, styles and unsafe links', () => {
    expect(cleanHtml('<p><strong>Hi</strong> <em>there</em></p>')).toBe(
      '<p><strong>Hi</strong> <em>there</em></p>',
    );
    expect(cleanHtml('<p onclick="x()">a</p><script>alert(1)</script>')).toBe('<p>a</p>');
    expect(cleanHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(cleanHtml('<img src="data:image/png;base64,AAAA" onerror="x()">')).toBe('<img />');
    expect(cleanHtml('<iframe src="https://evil"></iframe><style>p{}</style>ok')).toBe('ok');
    expect(cleanHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('turns a name into plain text', () => {
    expect(plainText(' <b>Welcome</b> 100% & more<script>x</script> ')).toBe('Welcome 100% & more');
  });
});
