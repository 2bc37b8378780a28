import { CornerDownRight, ExternalLink, FileVideo, Image as ImageIcon, Phone, Reply } from 'lucide-react';
import type { ChatButton, ChatMessageBody, MediaPayload } from '@wallet/contract/http/chat';
import { useConsoleTranslation } from './console-texts';

/**
 * Every message type of the spec, readable by staff: buttons and replies are shown, not pressed
 * (they are the member's to press); a postback is the member's choice.
 */
export function MessageBody({ body, preview }: { body: ChatMessageBody; preview?: string | undefined }) {
  const { t } = useConsoleTranslation();
  switch (body.message_type) {
    case 'text':
      return <p className="break-words whitespace-pre-wrap">{body.payload}</p>;
    case 'buttons':
      return (
        <div className="space-y-2">
          <p className="break-words whitespace-pre-wrap">{body.payload.text}</p>
          <ButtonList buttons={body.payload.buttons} />
        </div>
      );
    case 'quick_replies':
      return (
        <div className="space-y-2">
          <p className="break-words whitespace-pre-wrap">{body.payload.text}</p>
          <ul aria-label={t('message.quickReplies')} className="flex flex-wrap gap-1.5">
            {body.payload.quick_replies.map((reply, index) => (
              <li
                key={index}
                className="rounded-full border border-gold-400/50 px-3 py-1 text-sm text-gold-300"
              >
                {reply.title}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'media':
      return <Media payload={body.payload} preview={preview} />;
    case 'generic':
      return (
        <ul
          aria-label={t('message.cards')}
          className="no-scrollbar -mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-1"
        >
          {body.payloads.map((card, index) => (
            <li key={index} className="w-52 shrink-0 snap-start overflow-hidden rounded-xl bg-ink-900">
              {card.image_url ? (
                <img
                  src={card.image_url}
                  alt=""
                  loading="lazy"
                  className="aspect-[16/9] w-full object-cover"
                />
              ) : null}
              <div className="space-y-1 p-2.5">
                <p className="font-semibold break-words">{card.title}</p>
                {card.subtitle ? <p className="text-sm break-words text-mist-400">{card.subtitle}</p> : null}
                {card.buttons.length > 0 ? <ButtonList buttons={card.buttons} /> : null}
              </div>
            </li>
          ))}
        </ul>
      );
    case 'postback':
      return (
        <p className="flex items-start gap-1.5">
          <CornerDownRight className="mt-1 size-4 shrink-0 text-gold-300" aria-hidden="true" />
          <span>
            <span className="sr-only">{t('message.chose')} </span>
            <span className="font-semibold">{body.payload.title}</span>
          </span>
        </p>
      );
  }
}

const BUTTON_ICONS = { web: ExternalLink, call: Phone, postback: Reply, other: Reply } as const;

function ButtonList({ buttons }: { buttons: ChatButton[] }) {
  const { t } = useConsoleTranslation();
  return (
    <ul aria-label={t('message.buttons')} className="space-y-1">
      {buttons.map((button, index) => {
        const Icon = BUTTON_ICONS[button.type];
        return (
          <li
            key={index}
            className="flex items-center gap-2 rounded-lg border border-white/10 px-3 py-1.5 text-sm"
            title={button.payload}
          >
            <Icon className="size-4 shrink-0 text-gold-300" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate font-medium">{button.title}</span>
            {button.type !== 'postback' && button.payload ? (
              <span className="max-w-[50%] truncate text-xs text-mist-500">{button.payload}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An image or video. Received messages carry a signed link; a message staff just sent carries the
 * upload's path until the server's copy of it arrives, so it shows the local file (`preview`) or
 * what it is.
 */
function Media({ payload, preview }: { payload: MediaPayload; preview?: string | undefined }) {
  const { t } = useConsoleTranslation();
  const source = payload.url ? payload.filePath : preview;
  const caption = payload.message ? (
    <p className="mt-1.5 break-words whitespace-pre-wrap">{payload.message}</p>
  ) : null;
  if (!source) {
    const Icon = payload.fileType === 'video' ? FileVideo : ImageIcon;
    return (
      <div>
        <p className="flex items-center gap-2 text-mist-300">
          <Icon className="size-5" aria-hidden="true" />
          {t(`preview.${payload.fileType}`)}
        </p>
        {caption}
      </div>
    );
  }
  return (
    <div>
      {payload.fileType === 'image' ? (
        <a href={source} target="_blank" rel="noreferrer" className="block">
          <img
            src={source}
            alt={payload.message || t('preview.image')}
            className="max-h-72 min-h-24 max-w-full min-w-24 rounded-lg bg-ink-900 object-contain"
          />
        </a>
      ) : payload.fileType === 'video' ? (
        <video src={source} controls preload="metadata" className="max-h-72 max-w-full rounded-lg">
          <track kind="captions" />
        </video>
      ) : (
        <a href={source} target="_blank" rel="noreferrer" className="text-gold-300 underline">
          {t('preview.file')}
        </a>
      )}
      {caption}
    </div>
  );
}
