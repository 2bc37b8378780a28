import sanitize from 'sanitize-html';

/**
 * The operator's HTML (offer descriptions, banners, wheel slices), cleaned on the server when staff
 * save it and again when members are shown it: formatting only, no scripts, styles, frames or
 * event handlers. The allowlist is the member app's own (apps/web/src/lib/sanitize.ts), which
 * cleans it a third time before it reaches the page.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  // Images only from this site or over https: a data: or javascript: source is dropped.
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // A link opened in a new tab gets no handle on the page that opened it.
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export function cleanHtml(html: string): string {
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
