// @vitest-environment jsdom
// NOTE: happy-dom parses HTML differently from browsers and lets DOMPurify miss things; jsdom does not.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers, styles and frames', () => {
    const dirty =
      '<p onclick="steal()">Hi <strong>there</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="//evil"></iframe><style>body{}</style><a href="javascript:alert(3)">x</a>';
    const clean = sanitizeHtml(dirty);
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).not.toMatch(/script|onerror|onclick|iframe|style|javascript:/i);
  });

  it('gives every link rel="noopener noreferrer", whatever rel it had', () => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeHtml(
      '<a href="https://example.test/a" target="_blank">a</a><a href="/b" rel="opener">b</a>',
    );
    const rels = [...container.querySelectorAll('a')].map((link) => link.getAttribute('rel'));
    expect(rels).toEqual(['noopener noreferrer', 'noopener noreferrer']);
  });
});
