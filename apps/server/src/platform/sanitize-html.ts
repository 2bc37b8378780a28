import sanitize from 'sanitize-html';
import { HTML_ATTRIBUTES, HTML_TAGS } from '@wallet/contract/html';

/**
 * Cleans HTML staff write for members when it is saved (the member app cleans it again when it
 * shows it): the tags and attributes of @wallet/contract/html, links and images only over http(s)
 * or to a path of the site, and every link opened without a handle on the site's page.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, {
    allowedTags: [...HTML_TAGS],
    allowedAttributes: { '*': [...HTML_ATTRIBUTES] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
