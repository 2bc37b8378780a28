import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToast } from './ui/toast';

/** Copies `text` to the clipboard and says so ('Copied: {text}' or 'Failed to copy', spec section 8). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.show('success', t('copy.done', { text }));
    } catch {
      toast.show('error', t('copy.failed'));
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-mist-300 hover:bg-white/5 hover:text-gold-300"
    >
      <Copy className="size-5" aria-hidden="true" />
    </button>
  );
}
