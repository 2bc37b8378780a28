import { useId, type ReactNode } from 'react';
import { Loading } from './loading';
import { Pagination } from './pagination';

interface Common<Row> {
  title: string;
  /** The page on screen and the way to another; the caller's query reads that page. */
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  /**
   * The page's query: its total; isPending while the first page is on its way (a spinner; a failure
   * shows nothing: spec section 8); isPlaceholderData while the last page shows as the next loads
   * (faded, and "next" waits).
   */
  query: { data?: { total: number } | undefined; isPending: boolean; isPlaceholderData: boolean };
  /** The page's rows, undefined until the first answer or after a failure. */
  rows: Row[] | undefined;
  /** The name of the page arrows (arrows only: words do not fit a 320 px dialog). */
  paginationLabel: string;
  /** Shown when there is nothing at all. */
  empty: ReactNode;
}

/** In a dialog: an h3 over a list card; nothing at all until the first page has come. */
interface ListLayout<Row> extends Common<Row> {
  layout: 'list';
  /** One `<li>` a row. */
  renderRow: (row: Row, index: number) => ReactNode;
}

/** On a page: an h2 that stays, over a table in a card. */
interface TableLayout<Row> extends Common<Row> {
  layout: 'table';
  /** The cells of the table's head row. */
  head: ReactNode;
  /** One `<tr>` a row. */
  renderRow: (row: Row, index: number) => ReactNode;
}

/**
 * A member's history, a page at a time (the invite commissions, the refunds, the spin coupons):
 * its title, the rows, an empty state, and compact page arrows.
 */
export function PagedHistory<Row>(props: ListLayout<Row> | TableLayout<Row>) {
  const { title, page, onPage, pageSize, query, rows, paginationLabel, empty } = props;
  const total = query.data?.total ?? 0;
  const stale = query.isPlaceholderData;
  const titleId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const fade = `transition-opacity ${stale ? 'opacity-60' : ''}`;

  let body: ReactNode;
  if (!rows) body = query.isPending ? <Loading /> : null;
  else if (rows.length === 0 && total === 0) body = empty;
  else
    body = (
      <>
        {props.layout === 'list' ? (
          <ul
            aria-busy={stale || undefined}
            className={`divide-y divide-white/5 rounded-xl bg-ink-900 px-4 ${fade}`}
          >
            {rows.map(props.renderRow)}
          </ul>
        ) : (
          <div className="card overflow-hidden">
            <table
              aria-labelledby={titleId}
              aria-busy={stale || undefined}
              className={`w-full text-left text-sm ${fade}`}
            >
              <thead className="bg-ink-900/60 text-xs text-mist-400">
                <tr>{props.head}</tr>
              </thead>
              <tbody className="divide-y divide-white/5">{rows.map(props.renderRow)}</tbody>
            </table>
          </div>
        )}
        <Pagination
          className={props.layout === 'table' ? 'mt-3' : ''}
          label={paginationLabel}
          page={page}
          pages={pages}
          onPage={onPage}
          loading={stale}
          compact
        />
      </>
    );

  if (props.layout === 'table') {
    return (
      <section className="mt-8">
        <h2 id={titleId} className="mb-2 text-[17px] leading-snug font-semibold">
          {title}
        </h2>
        {body}
      </section>
    );
  }
  if (!rows) return body;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-sm font-medium text-mist-300">
        {title}
      </h3>
      {body}
    </section>
  );
}

/** The empty line of a list in a dialog. */
export function HistoryEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-ink-900 px-4 py-4 text-center text-sm text-mist-400">{children}</p>;
}
