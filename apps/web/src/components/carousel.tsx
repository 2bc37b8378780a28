import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, isValidElement, useId, useRef, useState, type ReactNode } from 'react';

/** The gap between cards, in px: `gap-2`. */
const GAP = 8;
/** Column widths, written out whole so Tailwind finds them. */
const COLUMNS = { 1: 'auto-cols-[100%]', 3: 'auto-cols-[calc((100%-1rem)/3)]' } as const;

/**
 * A titled row of cards, three at a time (spec section 9), or one at a time (banners): swiped
 * page by page on a phone, or moved with the arrow buttons; dots tell which page shows. A
 * `hiddenTitle` still names the row for screen readers (a dialog's banners, under its title).
 */
export function Carousel({
  title,
  previousLabel,
  nextLabel,
  perPage = 3,
  hiddenTitle = false,
  className = 'mt-6',
  children,
}: {
  title: string;
  previousLabel: string;
  nextLabel: string;
  perPage?: keyof typeof COLUMNS;
  hiddenTitle?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [page, setPage] = useState(0);
  const items = Children.toArray(children);
  const pages = Math.ceil(items.length / perPage);

  const pageWidth = () => (track.current?.clientWidth ?? 0) + GAP;
  const goTo = (next: number) => track.current?.scrollTo({ left: next * pageWidth(), behavior: 'smooth' });

  const arrow =
    'inline-flex size-11 items-center justify-center rounded-full text-mist-300 hover:bg-white/5 hover:text-snow disabled:opacity-30';

  return (
    <section aria-labelledby={titleId} className={className}>
      <div
        className={`flex items-center justify-between gap-2 ${hiddenTitle && pages <= 1 ? '' : 'mb-2'} ${hiddenTitle ? 'justify-end' : ''}`}
      >
        <h2 id={titleId} className={hiddenTitle ? 'sr-only' : 'text-[17px] leading-snug font-semibold'}>
          {title}
        </h2>
        {pages > 1 ? (
          <div className="-mr-2 flex shrink-0">
            <button
              type="button"
              className={arrow}
              aria-label={previousLabel}
              disabled={page === 0}
              onClick={() => goTo(page - 1)}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={arrow}
              aria-label={nextLabel}
              disabled={page >= pages - 1}
              onClick={() => goTo(page + 1)}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
      <ul
        ref={track}
        onScroll={(event) => setPage(Math.round(event.currentTarget.scrollLeft / Math.max(1, pageWidth())))}
        className={`no-scrollbar grid snap-x snap-mandatory ${COLUMNS[perPage]} grid-flow-col gap-2 overflow-x-auto overscroll-x-contain`}
      >
        {items.map((item, index) => (
          <li
            key={isValidElement(item) && item.key !== null ? item.key : index}
            className={index % perPage === 0 ? 'snap-start' : ''}
          >
            {item}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="mt-2 flex justify-center gap-1.5" aria-hidden="true">
          {Array.from({ length: pages }, (_, index) => (
            <span
              key={index}
              className={`h-1.5 rounded-full transition-all ${index === page ? 'w-5 bg-gold-400' : 'w-1.5 bg-white/20'}`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
