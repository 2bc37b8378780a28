import { useLayoutEffect, useRef } from 'react';

/**
 * A ref for the content of a dialog that shows one offer after another: when the offer shown
 * (`shown`) goes, the dialog's body is scrolled back to its top, so the next one opens on its
 * banner rather than halfway down its terms.
 * NOTE: the shared Dialog keeps one <dialog> element and one scrolling body between openings,
 * and the browser keeps that body's scroll position while it is closed. A closed dialog has no
 * box to scroll, so this scrolls as the content goes, while the dialog is still open (layout
 * effects run before the Dialog's effect closes it).
 */
export function useDialogTop<T extends HTMLElement>(shown: unknown) {
  const content = useRef<T>(null);
  useLayoutEffect(() => {
    // The content is the only child of the dialog's scrolling body.
    const body = content.current?.parentElement;
    return () => {
      if (body) body.scrollTop = 0;
    };
  }, [shown]);
  return content;
}
