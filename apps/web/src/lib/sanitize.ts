import DOMPurify from 'dompurify';

/**
 * HTML that comes from the server (conditions, agreements, notices, banners) is cleaned
 * before it is shown: formatting only, no scripts, styles, frames or event handlers.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'h3',
  'h4',
  'img',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt'];

// A link the server's HTML opens (in a new tab, often) gets no handle on this page and learns
// nothing of its address, whatever rel the text carried.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') node.setAttribute('rel', 'noopener noreferrer');
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
