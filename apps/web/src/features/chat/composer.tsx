import { CircleAlert, Paperclip, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '@wallet/contract/http/chat';
import { ATTACH_ACCEPT, checkAttachment } from '../../lib/chat-attachments';
import { sendsOnEnter } from '../../lib/chat-compose';
import { useChatTranslation } from './chat-texts';

/** The counter shows from here on. */
const COUNT_FROM = CHAT_LIMITS.textMax - 200;
/** The text box grows with its text up to about five lines. */
const MAX_HEIGHT_PX = 132;

/**
 * The text box (at most 2000 characters, trimmed, never empty), the attach button (photos and
 * videos by the spec's rules, refused with an alert for 4 s) and the send button.
 */
export function Composer({
  disabled,
  onSendText,
  onSendFile,
}: {
  disabled: boolean;
  onSendText: (text: string) => void;
  onSendFile: (file: File, kind: 'image' | 'video') => void;
}) {
  const { t } = useChatTranslation();
  const [text, setText] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const alertTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(alertTimer.current), []);

  const trimmed = text.trim();
  const canSend = !disabled && trimmed.length > 0 && trimmed.length <= CHAT_LIMITS.textMax;

  function fit() {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }

  function send() {
    if (!canSend) return;
    onSendText(trimmed);
    setText('');
    requestAnimationFrame(fit);
  }

  function showAlert(message: string) {
    clearTimeout(alertTimer.current);
    setAlert(message);
    alertTimer.current = setTimeout(() => setAlert(null), CHAT_LIMITS.alertMs);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!sendsOnEnter(event)) return;
    event.preventDefault();
    send();
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    const verdict = checkAttachment(file);
    if (verdict.ok) onSendFile(file, verdict.kind);
    else if (verdict.reason === 'notSupported') showAlert(t('attach.notSupported'));
    else showAlert(t('attach.tooLarge', { n: verdict.maxMb }));
  }

  return (
    <div className="border-t border-white/5 bg-ink-900 px-2.5 pt-2 pb-[max(0.625rem,env(safe-area-inset-bottom))]">
      {alert ? (
        <div
          role="alert"
          className="mx-1 mb-2 flex items-start gap-2 rounded-xl bg-rose-500/15 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{alert}</span>
        </div>
      ) : null}
      <div className="flex items-end gap-1.5">
        <button
          type="button"
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
          disabled={disabled}
          onClick={() => picker.current?.click()}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-300 transition hover:bg-white/5 hover:text-snow disabled:opacity-40"
        >
          <Paperclip className="size-5" aria-hidden="true" />
        </button>
        <input
          ref={picker}
          type="file"
          accept={ATTACH_ACCEPT}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-chat-file
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <div className="min-w-0 flex-1">
          <textarea
            ref={box}
            rows={1}
            value={text}
            maxLength={CHAT_LIMITS.textMax}
            aria-label={t('composer.label')}
            placeholder={t('composer.placeholder')}
            enterKeyHint="send"
            onChange={(event) => {
              setText(event.target.value);
              fit();
            }}
            onKeyDown={onKeyDown}
            className="block max-h-[8.25rem] min-h-11 w-full resize-none rounded-2xl border border-white/10 bg-ink-800 px-3.5 py-2.5 text-[15px] leading-snug text-snow placeholder:text-mist-500 focus:border-gold-400/60 focus:outline-none"
          />
          {text.length >= COUNT_FROM ? (
            <p className="mt-1 px-2 text-right text-[11px] text-mist-400" aria-live="polite">
              {t('composer.count', { count: text.length, max: CHAT_LIMITS.textMax })}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-label={t('composer.send')}
          title={t('composer.send')}
          disabled={!canSend}
          onClick={send}
          className="gold-gradient inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-950 shadow-[0_6px_16px_-6px_rgb(232_165_36/0.7)] transition active:scale-95 disabled:opacity-40 disabled:shadow-none"
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
