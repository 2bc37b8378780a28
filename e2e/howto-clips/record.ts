/**
 * Records the how-to clips (apps/server/media/howto/<lang>/<topic>.mp4) from the member app
 * itself: a new sandbox member goes through each topic's flow in Debian's Chromium while the
 * screen is captured, a caption names each step, and Debian's ffmpeg encodes the frames
 * (decision 073). The clips are committed; nothing builds or tests through this script.
 *
 *   npm run build
 *   PORT=3360 DATA_DIR=$(mktemp -d) node scripts/sandbox.mjs apps/server/src/main.ts &
 *   cd e2e && HOWTO_BASE=http://127.0.0.1:3360 npx tsx howto-clips/record.ts [topic…] [--lang th,lo,en]
 *
 * Needs a sandbox server (its helper routes make the member, credit and pay) and
 * `apt-get install -y chromium ffmpeg fonts-noto-core`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { HOWTO_TOPICS, LOCALES, type HowtoTopic, type Locale } from '@wallet/contract/constants';
import { chromiumPath } from '../chromium';
import { FrameRecorder, SCREEN } from './frames';
import { captionImage } from './overlay';
import { SCENES } from './scenes';
import { Member } from './sandbox-member';

const BASE = process.env.HOWTO_BASE ?? 'http://127.0.0.1:3000';
const OUT = path.resolve(import.meta.dirname, '../../apps/server/media/howto');
/** The file of each topic, as the server's setting names it (howto-clips.ts). */
export const CLIP_FILES: Record<HowtoTopic, string> = {
  wallet: 'wallet.mp4',
  play: 'play.mp4',
  balance: 'balance.mp4',
  bonus: 'bonus.mp4',
  endBonus: 'end-bonus.mp4',
};

async function recordOne(browser: Browser, topic: HowtoTopic, locale: Locale): Promise<void> {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: SCREEN,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: { th: 'th-TH', lo: 'lo-LA', en: 'en-US' }[locale],
  });
  const frames = mkdtempSync(path.join(tmpdir(), `howto-${topic}-${locale}-`));
  try {
    const page = await context.newPage();
    const member = await Member.register(BASE);
    const recorder = new FrameRecorder(frames);
    await SCENES[topic]({ page, member, locale, recorder });
    const out = path.join(OUT, locale, CLIP_FILES[topic]);
    const painter = await context.newPage();
    const seconds = await recorder.encode(out, (step, words) => captionImage(painter, step, words));
    console.log(`${locale}/${CLIP_FILES[topic]}: ${seconds.toFixed(1)} s`);
  } finally {
    await context.close();
    rmSync(frames, { recursive: true, force: true });
  }
}

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

async function main() {
  // Arguments: topics to record (all when none), and --lang th,lo,en (all when left out).
  const args = process.argv.slice(2);
  const langAt = args.indexOf('--lang');
  const locales = langAt >= 0 ? (args[langAt + 1] ?? '').split(',').filter(isLocale) : [...LOCALES];
  const named = args.filter((_, index) => langAt < 0 || (index !== langAt && index !== langAt + 1));
  const topics = HOWTO_TOPICS.filter((topic) => named.length === 0 || named.includes(topic));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const topic of topics) for (const locale of locales) await recordOne(browser, topic, locale);
  } finally {
    await browser.close();
  }
}

await main();
