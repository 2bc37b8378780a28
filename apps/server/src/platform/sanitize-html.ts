import sanitize from 'sanitize-html';
import { HTML_ATTRIBUTES, HTML_TAGS } from '@wallet/contract/html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_TAGS],
  allowedAttributes: { '*': [...HTML_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images only from this site or over http(s): a data: or javascript: source is dropped.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A link opened in a new tab gets no handle on the page that opened it.
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

/**
 * Cleans the HTML staff write for members (conditions, agreements, notices, offers' descriptions,
 * banners, wheel slices) when it is saved, and where it is answered again: the tags and attributes
 * of @wallet/contract/html, the list the member app's DOMPurify cleans by when it shows it.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/** Plain text from what may carry markup (a name): every tag dropped, entities kept as typed. */
export function plainText(text: string): string {
  return sanitize(text, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim();
}
