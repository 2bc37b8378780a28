import { useState } from 'react';
import { Carousel } from './carousel';
import { ServerHtml } from './server-html';

/** A banner: an image and sanitised HTML (a bonus offer's, the invite's or the refund's). */
export interface Banner {
  image: string;
  html: string;
}

/** A banner image; when it cannot be loaded, the card or slide keeps its own colours. */
export function BannerImage({
  src,
  className,
  first = false,
}: {
  src: string | undefined;
  className: string;
  /**
   * The screen's largest paint when it opens (home's first game cards, the bonus page's first
   * offer): fetched at once and ahead of the rest, not lazily once laid out (issue 30).
   */
  first?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) return null;
  return (
    <img
      src={src}
      alt=""
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}

/** Banners one at a time: each image with its (sanitised) HTML under it; nothing when none. */
export function BannerSlides({
  banners,
  title,
  previousLabel,
  nextLabel,
}: {
  banners: Banner[];
  /** Names the carousel for screen readers (it sits under the dialog's own title). */
  title: string;
  previousLabel: string;
  nextLabel: string;
}) {
  if (banners.length === 0) return null;
  return (
    <Carousel
      title={title}
      previousLabel={previousLabel}
      nextLabel={nextLabel}
      perPage={1}
      hiddenTitle
      className=""
    >
      {banners.map((banner, index) => (
        <div key={index} className="overflow-hidden rounded-xl bg-ink-900">
          <BannerImage src={banner.image} className="aspect-[2/1] w-full object-cover" />
          {banner.html ? (
            <ServerHtml html={banner.html} className="px-3 py-2.5 text-sm text-mist-300" />
          ) : null}
        </div>
      ))}
    </Carousel>
  );
}
