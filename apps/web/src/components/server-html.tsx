import { sanitizeHtml } from '../lib/sanitize';

/** Shows an HTML fragment from the server, sanitized. */
export function ServerHtml({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div className={`server-html ${className}`} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
  );
}
