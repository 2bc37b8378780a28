import type { Locator, Page } from '@playwright/test';

/** The caption band under the app, as tall as two lines of Thai or Lao. */
export const BAND_HEIGHT = 80;

/**
 * The caption band of a step, drawn by the browser (so Thai and Lao are shaped as the app shapes
 * them; Debian's ffmpeg draws text without shaping) into a PNG that ffmpeg lays under the app.
 */
export async function captionImage(page: Page, step: number, words: string): Promise<Buffer> {
  await page.setViewportSize({ width: 390, height: BAND_HEIGHT });
  // NOTE: the context is a phone's: without its viewport tag the page would be laid out 980 wide.
  await page.setContent(
    `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><body></body>`,
  );
  await page.evaluate(
    ({ step, words }) => {
      Object.assign(document.body.style, {
        margin: '0',
        height: '100vh',
        display: 'flex',
        alignItems: 'center',
        gap: '12px',
        padding: '0 16px',
        boxSizing: 'border-box',
        background: '#080b18',
        borderTop: '2px solid #f2b632',
        color: '#f4f6fb',
        font: '600 17px/1.35 "Noto Sans Thai", "Noto Sans Lao", "Noto Sans", sans-serif',
      });
      const badge = document.createElement('span');
      Object.assign(badge.style, {
        flex: '0 0 30px',
        height: '30px',
        borderRadius: '50%',
        background: '#f2b632',
        color: '#0b1020',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: '700',
      });
      badge.textContent = String(step);
      const text = document.createElement('span');
      text.textContent = words;
      document.body.append(badge, text);
    },
    { step, words },
  );
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({ type: 'png' });
}

/**
 * The ring where the member taps. NOTE: the app's dialogs are native modal <dialog>s in the
 * browser's top layer, above any z-index: the ring is a popover, which goes above them.
 */
export async function ring(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return;
  await target.page().evaluate(
    ({ x, y }) => {
      const dot = document.createElement('div');
      dot.popover = 'manual';
      dot.setAttribute('aria-hidden', 'true');
      Object.assign(dot.style, {
        position: 'fixed',
        inset: 'auto',
        margin: '0',
        padding: '0',
        left: `${x - 22}px`,
        top: `${y - 22}px`,
        width: '44px',
        height: '44px',
        borderRadius: '50%',
        border: '4px solid #f2b632',
        background: 'rgba(242, 182, 50, 0.35)',
        zIndex: '2147483647',
        pointerEvents: 'none',
      });
      document.body.append(dot);
      dot.showPopover();
      setTimeout(() => dot.remove(), 900);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/** Pauses the clip so a viewer can read it. NOTE: a recording paces itself by the clock; tests never do. */
export const hold = (seconds: number) => new Promise((done) => setTimeout(done, seconds * 1000));

/** Shows the ring on `target`, lets it be seen, then taps it. */
export async function tap(target: Locator): Promise<void> {
  await ring(target);
  await hold(0.5);
  await target.click();
}

/** Types as a person would, a key at a time. */
export async function type(target: Locator, value: string): Promise<void> {
  await ring(target);
  await hold(0.3);
  await target.fill('');
  await target.pressSequentially(value, { delay: 120 });
}
