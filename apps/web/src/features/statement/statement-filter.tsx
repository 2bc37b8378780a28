import { useTranslation } from 'react-i18next';
import { STATEMENT_TYPES, type StatementType } from '@wallet/contract/http/statement';

/**
 * Every type of movement, or one: a chip each, all in sight (they wrap on a narrow phone rather
 * than scroll out of view). The pressed chip is the one shown.
 */
export function StatementFilter({
  type,
  onType,
}: {
  type: StatementType | undefined;
  onType: (type: StatementType | undefined) => void;
}) {
  const { t } = useTranslation();
  const chips: [StatementType | undefined, string][] = [
    [undefined, t('statement.filter.all')],
    ...STATEMENT_TYPES.map((one): [StatementType, string] => [one, t(`statement.type.${one}`)]),
  ];
  return (
    <div role="group" aria-label={t('statement.filter.label')} className="mb-4 flex flex-wrap gap-2">
      {chips.map(([value, label]) => (
        <button
          key={value ?? 'all'}
          type="button"
          aria-pressed={type === value}
          onClick={() => onType(value)}
          className="min-h-11 rounded-full border border-white/10 bg-ink-800 px-3.5 text-sm font-medium text-mist-300 transition-colors hover:bg-ink-700 hover:text-snow aria-pressed:border-gold-400 aria-pressed:bg-gold-400/10 aria-pressed:text-gold-300"
        >
          {label}
        </button>
      ))}
    </div>
  );
}
