import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

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
