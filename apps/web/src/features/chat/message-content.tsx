import { ExternalLink, FileText, Phone } from 'lucide-react';
import { useState } from 'react';
import type { ChatButton, GenericCard, MediaPayload, QuickReply } from '@wallet/contract/http/chat';
import { useChatTranslation } from './chat-texts';

/** A tap on a postback button or quick reply: sent back as the member's own message. */
export type OnPostback = (reply: QuickReply) => void;

/** Only web links open from a message; anything else (javascript:, data:) shows as plain text. */
function webLink(payload: string): string | null {
  try {
    const url = new URL(payload);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const phoneNumber = (payload: string) => payload.replace(/[^\d+*#]/g, '');

const bubbleButton =
  'flex min-h-11 w-full items-center justify-center gap-2 px-3 py-2 text-center text-sm font-semibold text-gold-300 transition hover:bg-white/5 disabled:opacity-50';

/** A message's buttons (spec section 3): web opens a new tab, call dials, postback answers. */
export function MessageButtons({ buttons, onPostback }: { buttons: ChatButton[]; onPostback: OnPostback }) {
  return (
    <div className="divide-y divide-white/10 border-t border-white/10">
      {buttons.map((button, index) => {
        const key = `${index}${button.title}`;
        if (button.type === 'web') {
          const href = webLink(button.payload);
          return href ? (
            <a key={key} href={href} target="_blank" rel="noopener noreferrer" className={bubbleButton}>
              <span className="min-w-0 break-words">{button.title}</span>
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            </a>
          ) : (
            <span key={key} className={`${bubbleButton} text-mist-400`}>
              {button.title}
            </span>
          );
        }
        if (button.type === 'call') {
          return (
            <a key={key} href={`tel:${phoneNumber(button.payload)}`} className={bubbleButton}>
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{button.title}</span>
            </a>
          );
        }
        if (button.type === 'postback') {
          return (
            <button
              key={key}
              type="button"
              className={bubbleButton}
              onClick={() => onPostback({ title: button.title, payload: button.payload })}
            >
              <span className="min-w-0 break-words">{button.title}</span>
            </button>
          );
        }
        return (
          <span key={key} className={`${bubbleButton} font-medium text-mist-300`}>
            {button.title}
          </span>
        );
      })}
    </div>
  );
}

/** A photo or video; a received one's filePath is a signed link, loaded as it is. */
export function Media({ payload, src }: { payload: MediaPayload; src?: string }) {
  const { t } = useChatTranslation();
  const link = src ?? payload.filePath;
  if (payload.fileType === 'image') {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={link}
          alt={payload.message || t('media.image')}
          loading="lazy"
          className="block max-h-72 min-h-24 w-full min-w-32 object-cover"
        />
      </a>
    );
  }
  if (payload.fileType === 'video') {
    return (
      <video
        src={link}
        controls
        playsInline
        preload="metadata"
        aria-label={payload.message || t('media.video')}
        className="block max-h-72 w-full bg-black"
      />
    );
  }
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className="flex min-h-11 items-center gap-2 px-1 text-sm font-semibold underline underline-offset-2"
    >
      <FileText className="size-4 shrink-0" aria-hidden="true" />
      {t('media.file')}
    </a>
  );
}

/** A card's picture; one that cannot be loaded leaves the card without a broken-image box. */
function CardImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="aspect-[16/9] w-full bg-ink-800 object-cover"
    />
  );
}

/** Generic cards: a row swiped sideways, each card snapping into place. */
export function CardCarousel({ cards, onPostback }: { cards: GenericCard[]; onPostback: OnPostback }) {
  return (
    <ul className="no-scrollbar -mx-3 flex snap-x snap-mandatory scroll-px-3 gap-3 overflow-x-auto px-3 pb-1">
      {cards.map((card, index) => (
        <li
          key={`${index}${card.title}`}
          className="flex w-[15.5rem] max-w-[78%] shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-700"
        >
          {webLink(card.image_url) ? <CardImage src={card.image_url} /> : null}
          <div className="flex flex-1 flex-col gap-1 px-3.5 py-3">
            <p className="leading-snug font-semibold break-words">{card.title}</p>
            {card.subtitle ? <p className="text-sm break-words text-mist-300">{card.subtitle}</p> : null}
          </div>
          {card.buttons.length > 0 ? <MessageButtons buttons={card.buttons} onPostback={onPostback} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Quick replies: chips under the last message; a tap sends the chip back. */
export function QuickReplies({ replies, onPostback }: { replies: QuickReply[]; onPostback: OnPostback }) {
  return (
    <div className="flex flex-wrap gap-2">
      {replies.map((reply, index) => (
        <button
          key={`${index}${reply.payload}`}
          type="button"
          onClick={() => onPostback(reply)}
          className="min-h-11 rounded-full border border-gold-400/60 bg-ink-900/60 px-4 py-1.5 text-sm leading-snug font-medium text-gold-300 transition hover:bg-gold-400/10 active:scale-[0.98]"
        >
          {reply.title}
        </button>
      ))}
    </div>
  );
}
