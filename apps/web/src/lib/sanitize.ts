import DOMPurify from 'dompurify';
import { HTML_ATTRIBUTES, HTML_TAGS } from '@wallet/contract/html';

/**
 * HTML that comes from the server (conditions, agreements, notices, banners) is cleaned
 * before it is shown, by the tags and attributes the server cleans it by (@wallet/contract/html).
 */
const ALLOWED_TAGS = [...HTML_TAGS];
const ALLOWED_ATTR = [...HTML_ATTRIBUTES];

// A link the server's HTML opens (in a new tab, often) gets no handle on this page and learns
// nothing of its address, whatever rel the text carried.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') node.setAttribute('rel', 'noopener noreferrer');
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
