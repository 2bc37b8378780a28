import { hasDictionaryScript, phraseChunks } from '../lib/phrase-breaks';

/**
 * A short label (a tile, a title, a button) that wraps between words only (decision 029): each
 * chunk of `phraseChunks` is a `nowrap` span, so the browser's dictionary cannot split it across
 * lines, while the dictionary's break between two chunks stays. Text without Thai or Lao is left
 * as it is.
 * NOTE: no <wbr> and no inline-block between chunks: Chrome then puts a space into the
 * accessible name ("ເງື່ອນໄຂ ໂບນັດ"); plain inline spans keep the name as the text.
 * NOTE: not for a text that truncates with an ellipsis, nor for running text: a chunk never wraps.
 */
export function Phrase({ text }: { text: string }) {
  if (!hasDictionaryScript(text)) return text;
  return (
    <span data-phrase>
      {phraseChunks(text).map((chunk, index) =>
        /^\s+$/.test(chunk) ? (
          chunk
        ) : (
          <span key={index} className="whitespace-nowrap">
            {chunk}
          </span>
        ),
      )}
    </span>
  );
}
