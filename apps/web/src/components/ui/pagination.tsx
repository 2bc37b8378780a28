import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Previous, "Page 1 of 3", next. `compact` shows arrows only (named for screen readers), for
 * narrow places such as a dialog on a 320 px phone.
 */
export function Pagination({
  label,
  page,
  pages,
  onPage,
  loading = false,
  compact = false,
  className = '',
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** While the next page is being fetched, next is disabled. */
  loading?: boolean;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const previous = t('statement.previous');
  const next = t('statement.next');
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-2 ${className}`}>
      <Button
        variant="secondary"
        className="px-3"
        aria-label={compact ? previous : undefined}
        icon={compact ? undefined : <ChevronLeft className="size-5" aria-hidden="true" />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {compact ? <ChevronLeft className="size-5" aria-hidden="true" /> : previous}
      </Button>
      <p className="text-sm text-mist-300 tabular-nums" aria-live="polite">
        {t('statement.page', { page, pages })}
      </p>
      <Button
        variant="secondary"
        className={compact ? 'px-3' : 'flex-row-reverse px-3'}
        aria-label={compact ? next : undefined}
        icon={compact ? undefined : <ChevronRight className="size-5" aria-hidden="true" />}
        disabled={page >= pages || loading}
        onClick={() => onPage(page + 1)}
      >
        {compact ? <ChevronRight className="size-5" aria-hidden="true" /> : next}
      </Button>
    </nav>
  );
}
