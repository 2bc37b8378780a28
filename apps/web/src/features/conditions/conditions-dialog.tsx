import { useTranslation } from 'react-i18next';
import { ServerHtml } from '../../components/server-html';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';
import { useLookup } from '../../lib/lookups';

/** The site's rules, as the server lists them (the conditions item of the member menu). */
export function ConditionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const conditions = useLookup('conditions', { enabled: open });
  return (
    <Dialog open={open} onClose={onClose} title={t('conditions.title')}>
      {conditions.isPending ? (
        <Loading />
      ) : (
        <ol className="space-y-3">
          {(conditions.data?.conditions ?? []).map((html, index) => (
            <li key={index} className="flex gap-3 rounded-xl bg-ink-900/60 p-3.5 text-[15px] text-mist-300">
              <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-gold-400 text-sm font-bold text-ink-950">
                {index + 1}
              </span>
              <ServerHtml html={html} className="min-w-0 flex-1 pt-0.5" />
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
