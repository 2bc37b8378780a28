import { ListPlus, Paperclip, Plus, SendHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS, type ChatMessageBody } from '@wallet/contract/http/chat';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ATTACH_ACCEPT } from '../../lib/chat-attachments';
import { sendsOnEnter } from '../../lib/chat-compose';
import { useConsoleTranslation } from './console-texts';

/** Reply chips a quick-replies message starts with, and the most it takes. */
const FIRST_REPLIES = 2;
const MAX_REPLIES = 10;

/**
 * The answer box: text (Enter sends; Shift, Ctrl, Alt or Meta with Enter is a new line), a file
 * (image or video), or a quick-replies message composed in its dialog.
 */
export function Composer({
  onSend,
  onFile,
}: {
  onSend: (body: ChatMessageBody) => void;
  onFile: (file: File) => void;
}) {
  const { t } = useConsoleTranslation();
  const [text, setText] = useState('');
  const [quickOpen, setQuickOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_LIMITS.textMax;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!trimmed || tooLong) return;
    onSend({ message_type: 'text', payload: trimmed });
    setText('');
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!sendsOnEnter(event)) return;
    event.preventDefault();
    submit();
  }

  return (
    <>
      <form
        onSubmit={submit}
        className="shrink-0 border-t border-white/5 bg-ink-900 px-2 pt-2 pb-[max(env(safe-area-inset-bottom),0.5rem)] sm:px-3"
      >
        {tooLong ? (
          <p role="alert" className="px-2 pb-1 text-sm text-rose-400">
            {t('composer.tooLong', { max: CHAT_LIMITS.textMax })}
          </p>
        ) : null}
        <div className="flex items-end gap-1">
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            aria-label={t('composer.attach')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-400 hover:bg-white/5 hover:text-snow"
          >
            <Paperclip className="size-5" aria-hidden="true" />
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={ATTACH_ACCEPT}
            className="hidden"
            data-testid="attach-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
          <button
            type="button"
            onClick={() => setQuickOpen(true)}
            aria-label={t('composer.quickReplies')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-400 hover:bg-white/5 hover:text-snow"
          >
            <ListPlus className="size-5" aria-hidden="true" />
          </button>
          <label htmlFor={textId} className="sr-only">
            {t('composer.label')}
          </label>
          <textarea
            id={textId}
            rows={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={keyDown}
            placeholder={t('composer.placeholder')}
            aria-describedby={hintId}
            aria-invalid={tooLong || undefined}
            className="max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-white/10 bg-ink-800 px-4 py-2.5 text-[15px] leading-snug text-snow [field-sizing:content] placeholder:text-mist-500 focus:border-gold-400 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!trimmed || tooLong}
            aria-label={t('composer.send')}
            className="gold-gradient inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-950 disabled:opacity-40"
          >
            <SendHorizontal className="size-5" aria-hidden="true" />
          </button>
        </div>
        <p id={hintId} className="hidden pt-1 pl-28 text-xs text-mist-500 sm:block">
          {t('composer.hint')}
        </p>
      </form>
      {/* Outside the form: Enter in the dialog's fields must not send the answer box. */}
      <QuickRepliesDialog
        open={quickOpen}
        onClose={() => setQuickOpen(false)}
        onSend={(body) => {
          onSend(body);
          setQuickOpen(false);
        }}
        initialText={trimmed}
      />
    </>
  );
}

/** A question with reply chips the member taps (each chip's title is also its payload). */
function QuickRepliesDialog({
  open,
  onClose,
  onSend,
  initialText,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (body: ChatMessageBody) => void;
  initialText: string;
}) {
  const { t } = useConsoleTranslation();
  const [text, setText] = useState('');
  const [replies, setReplies] = useState<string[]>(() => Array<string>(FIRST_REPLIES).fill(''));
  const [wasOpen, setWasOpen] = useState(false);
  // Each opening starts from what the answer box holds, with empty chips.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText(initialText);
      setReplies(Array<string>(FIRST_REPLIES).fill(''));
    }
  }

  const chips = replies.map((reply) => reply.trim()).filter(Boolean);
  const ready = text.trim() !== '' && text.trim().length <= CHAT_LIMITS.textMax && chips.length > 0;

  function submit() {
    if (!ready) return;
    onSend({
      message_type: 'quick_replies',
      payload: {
        text: text.trim(),
        quick_replies: chips.map((title) => ({ title: title.slice(0, 80), payload: title.slice(0, 200) })),
      },
    });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('composer.quickTitle')}
      footer={
        <>
          <Button variant="secondary" block onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button block disabled={!ready} onClick={submit}>
            {t('composer.quickSend')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextField
          label={t('composer.quickText')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={CHAT_LIMITS.textMax}
        />
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-mist-300">{t('composer.quickChips')}</legend>
          {replies.map((reply, index) => (
            <div key={index} className="flex items-center gap-2">
              <input
                aria-label={t('composer.quickReply', { n: index + 1 })}
                value={reply}
                maxLength={80}
                onChange={(event) =>
                  setReplies((list) => list.map((other, at) => (at === index ? event.target.value : other)))
                }
                className="h-11 min-w-0 flex-1 rounded-xl border border-white/10 bg-ink-900 px-4 text-[16px] text-snow focus:border-gold-400 focus:outline-none"
              />
              <button
                type="button"
                disabled={replies.length <= 1}
                onClick={() => setReplies((list) => list.filter((_, at) => at !== index))}
                aria-label={t('composer.removeReply', { n: index + 1 })}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-400 hover:bg-white/5 hover:text-snow disabled:opacity-30"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          ))}
          {replies.length < MAX_REPLIES ? (
            <Button
              variant="ghost"
              onClick={() => setReplies((list) => [...list, ''])}
              icon={<Plus className="size-4" aria-hidden="true" />}
            >
              {t('composer.addReply')}
            </Button>
          ) : null}
        </fieldset>
      </div>
    </Dialog>
  );
}
