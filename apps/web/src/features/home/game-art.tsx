import { useState } from 'react';

/** Game artwork from the provider; when it cannot be loaded, the card keeps its own colours. */
export function GameArt({ src, className }: { src: string; className: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) return null;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
