#!/usr/bin/env node
/**
 * Renders the Lucky Wallet PWA / touch icons (PNG) from the hand-written SVG sources.
 *
 * The PNGs under apps/web/public/icons/ are COMMITTED to the repository; nothing in the
 * build runs this script. Re-run it only after editing one of the source SVGs, then
 * commit the regenerated PNGs together with the SVG change:
 *
 *   node scripts/render-icons.mjs
 *
 * Sources:
 *   apps/web/public/favicon.svg        mark on a navy rounded tile  -> icon-192.png, icon-512.png
 *   apps/web/src/assets/logo-mark.svg  mark alone (transparent)     -> icon-maskable-512.png,
 *                                                                      apple-touch-icon.png
 *
 * Rendering uses playwright-core driving the system Chromium (/usr/bin/chromium, override
 * with CHROMIUM_PATH). It never downloads a browser.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const outDir = join(web, 'public/icons');

// Brand navy, same diagonal as the tile in favicon.svg (#141B33 top-left -> #0B1020 bottom-right).
const NAVY_BG = 'linear-gradient(135deg, #141B33 0%, #0B1020 100%)';

// The mark's artwork reaches at most ~35.6 units from the centre of its 64x64 viewBox, so a
// mark box of `s` px has a content radius of ~0.556 * s. Maskable icons must keep content
// inside the central circle of radius 0.4 * size (the 80 % safe zone); see the check below.
const MARK_RADIUS_RATIO = 35.6 / 64;

/**
 * @typedef {object} Icon
 * @property {string} file      output file name in public/icons
 * @property {number} size      square output size in px
 * @property {string} src       source SVG, relative to apps/web
 * @property {number} markSize  drawn size of the source SVG in px (centred)
 * @property {boolean} fullBleed paint the navy background over the whole square
 * @property {boolean} [maskable] verify the safe zone
 */

/** @type {Icon[]} */
const icons = [
  {
    file: 'icon-192.png',
    size: 192,
    src: 'public/favicon.svg',
    markSize: 192,
    fullBleed: false,
  },
  {
    file: 'icon-512.png',
    size: 512,
    src: 'public/favicon.svg',
    markSize: 512,
    fullBleed: false,
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    src: 'src/assets/logo-mark.svg',
    markSize: 336,
    fullBleed: true,
    maskable: true,
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    src: 'src/assets/logo-mark.svg',
    markSize: 124,
    fullBleed: true,
  },
];

/** @param {Icon} icon @param {string} svg */
function pageFor(icon, svg) {
  const uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const offset = (icon.size - icon.markSize) / 2;
  return `<!doctype html>
<html><head><style>
  html, body { margin: 0; padding: 0; background: transparent; }
  #tile { position: relative; width: ${icon.size}px; height: ${icon.size}px;
          background: ${icon.fullBleed ? NAVY_BG : 'transparent'}; overflow: hidden; }
  #tile img { position: absolute; left: ${offset}px; top: ${offset}px;
              width: ${icon.markSize}px; height: ${icon.markSize}px; }
</style></head>
<body><div id="tile"><img alt="" src="${uri}"></div></body></html>`;
}

for (const icon of icons) {
  if (icon.maskable && icon.markSize * MARK_RADIUS_RATIO > icon.size * 0.4) {
    throw new Error(`${icon.file}: mark leaves the maskable safe zone`);
  }
}

await mkdir(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

try {
  const page = await browser.newPage({
    viewport: { width: 600, height: 600 },
    deviceScaleFactor: 1,
  });
  for (const icon of icons) {
    const svg = await readFile(join(web, icon.src), 'utf8');
    await page.setContent(pageFor(icon, svg));
    await page.locator('#tile img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
    const out = join(outDir, icon.file);
    await page.screenshot({
      path: out,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      omitBackground: !icon.fullBleed,
    });
    console.log(`wrote ${relative(root, out)} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
