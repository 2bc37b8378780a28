import { Bot, Check, CheckCheck, Clock3, RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatMessage, ChatMessageBody } from '@wallet/contract/http/chat';
import { errorText } from '../../lib/i18n';
import { messageText } from '../../lib/chat-compose';
import type { PendingMessage } from './chat-state';
import { useChatTranslation } from './chat-texts';
import { CardCarousel, Media, MessageButtons, QuickReplies, type OnPostback } from './message-content';

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:mm in the member's local time. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Failures that say nothing more than "not sent": the retry is the answer. */
const CONNECTION_CODES = new Set(['NETWORK_ERROR', 'TIMEOUT_ERROR', 'INTERNAL_SERVER_ERROR']);

const OWN = 'rounded-2xl rounded-br-md bg-gold-400 text-ink-950';
const THEIRS = 'rounded-2xl rounded-bl-md border border-white/5 bg-ink-700 text-snow';

function Bubble({ own, children, flush = false }: { own: boolean; children: ReactNode; flush?: boolean }) {
  return (
    <div
      className={`max-w-[85%] overflow-hidden text-[15px] leading-relaxed ${own ? OWN : THEIRS} ${flush ? '' : 'px-3.5 py-2'}`}
    >
      {children}
    </div>
  );
}

function Words({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]" data-words>
      {text}
    </p>
  );
}

/** A message's body in its bubble (generic cards go outside any bubble). */
function Body({
  body,
  own,
  answerable,
  onPostback,
  mediaSrc,
}: {
  body: ChatMessageBody;
  own: boolean;
  answerable: boolean;
  onPostback: OnPostback;
  mediaSrc?: string;
}) {
  switch (body.message_type) {
    case 'text':
    case 'postback':
      return (
        <Bubble own={own}>
          <Words text={messageText(body) ?? ''} />
        </Bubble>
      );
    case 'buttons':
      return (
        <Bubble own={own} flush>
          <div className="px-3.5 py-2">
            <Words text={body.payload.text} />
          </div>
          <MessageButtons buttons={body.payload.buttons} onPostback={onPostback} />
        </Bubble>
      );
    case 'media':
      // A photo or video stands on its own; a caption goes in a bubble under it.
      return (
        <div className={`flex max-w-[85%] flex-col gap-1 ${own ? 'items-end' : 'items-start'}`}>
          <div className="overflow-hidden rounded-2xl border border-white/10 bg-ink-800">
            <Media payload={body.payload} src={mediaSrc} />
          </div>
          {body.payload.message ? (
            <Bubble own={own}>
              <Words text={body.payload.message} />
            </Bubble>
          ) : null}
        </div>
      );
    case 'quick_replies':
      return (
        <>
          <Bubble own={own}>
            <Words text={body.payload.text} />
          </Bubble>
          {answerable ? <QuickReplies replies={body.payload.quick_replies} onPostback={onPostback} /> : null}
        </>
      );
    case 'generic':
      return (
        <div className="w-full">
          <CardCarousel cards={body.payloads} onPostback={onPostback} />
        </div>
      );
  }
}

function Meta({ own, children }: { own: boolean; children: ReactNode }) {
  return (
    <p
      className={`flex items-center gap-1 px-1 text-[11px] leading-tight text-mist-500 ${own ? 'justify-end' : ''}`}
    >
      {children}
    </p>
  );
}

/** A message the room holds: the member's on the right (with Sent or Read), staff's and the bot's on the left. */
export function StoredMessage({
  message,
  showName,
  answerable,
  read,
  onPostback,
}: {
  message: ChatMessage;
  showName: boolean;
  /** Its quick replies are on offer. */
  answerable: boolean;
  /** Staff have read it (the member's own messages). */
  read: boolean;
  onPostback: OnPostback;
}) {
  const { t } = useChatTranslation();
  const own = message.sender === 'customer';
  const Tick = read ? CheckCheck : Check;
  return (
    <li className={`flex flex-col gap-1 ${own ? 'items-end' : 'items-start'}`} data-seq={message.seq}>
      {showName && !own ? (
        <p className="flex items-center gap-1.5 px-1 text-xs font-medium text-mist-400">
          {message.bot ? <Bot className="size-3.5 text-gold-300" aria-hidden="true" /> : null}
          {message.bot ? t('sender.bot') : message.name || t('sender.support')}
        </p>
      ) : null}
      <Body body={message.message} own={own} answerable={answerable} onPostback={onPostback} />
      <Meta own={own}>
        <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
        {own ? (
          <span className={`inline-flex items-center gap-0.5 ${read ? 'text-gold-300' : ''}`}>
            <Tick className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{t(read ? 'status.read' : 'status.succeed')}</span>
          </span>
        ) : null}
      </Meta>
    </li>
  );
}

/** The member's message on its way: uploading (with progress), sending, failed (with retry), or sent. */
export function PendingRow({
  pending,
  onRetry,
}: {
  pending: PendingMessage;
  onRetry: (clientId: string) => void;
}) {
  const { t } = useChatTranslation();
  const percent = Math.round(pending.progress * 100);
  const noop = () => undefined;
  const preview = pending.file;
  return (
    <li className="flex flex-col items-end gap-1" data-status={pending.status}>
      {preview ? (
        <div className="max-w-[85%] overflow-hidden rounded-2xl border border-white/10 bg-ink-800">
          <div className="relative">
            <Media
              payload={{ message: '', url: true, fileType: preview.kind, filePath: preview.previewUrl }}
              src={preview.previewUrl}
            />
            {pending.status === 'uploading_file' ? (
              <div className="absolute inset-x-3 bottom-3 h-1.5 overflow-hidden rounded-full bg-ink-950/50">
                <div
                  role="progressbar"
                  aria-label={t('status.uploading_file', { percent })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-full rounded-full bg-snow transition-[width]"
                  style={{ width: `${percent}%` }}
                />
              </div>
            ) : null}
          </div>
        </div>
      ) : pending.body ? (
        <div className={pending.status === 'failed' ? 'opacity-70' : ''}>
          <Body body={pending.body} own answerable={false} onPostback={noop} />
        </div>
      ) : null}
      {pending.status === 'failed' ? (
        <div role="alert" className="flex max-w-[85%] flex-col items-end text-xs text-rose-400">
          <div className="flex items-center gap-1">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{t('status.failed')}</span>
            <button
              type="button"
              onClick={() => onRetry(pending.clientId)}
              className="-my-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 font-semibold text-gold-300 hover:bg-white/5"
            >
              <RotateCw className="size-3.5" aria-hidden="true" />
              {t('retry')}
            </button>
          </div>
          {pending.error && !CONNECTION_CODES.has(pending.error) ? (
            <p className="text-right">{errorText(pending.error)}</p>
          ) : null}
        </div>
      ) : (
        <Meta own>
          {pending.status === 'succeed' ? (
            <>
              <time dateTime={pending.createdAt}>{clockTime(pending.createdAt)}</time>
              <Check className="size-3.5" aria-hidden="true" />
              <span>{t('status.succeed')}</span>
            </>
          ) : (
            <>
              <Clock3 className="size-3.5" aria-hidden="true" />
              <span>
                {pending.status === 'uploading_file'
                  ? t('status.uploading_file', { percent })
                  : t('status.sending')}
              </span>
            </>
          )}
        </Meta>
      )}
    </li>
  );
}
