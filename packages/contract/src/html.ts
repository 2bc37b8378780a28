/**
 * The HTML the operator writes for members (conditions, agreements, notices, offers' descriptions,
 * banners): formatting only, no scripts, styles, frames or event handlers. The server cleans it
 * when staff save it and the member app again when it shows it, both by this one list.
 */
export const HTML_TAGS = [
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
] as const;
export const HTML_ATTRIBUTES = ['href', 'target', 'rel', 'src', 'alt'] as const;
