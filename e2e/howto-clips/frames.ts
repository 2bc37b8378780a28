import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { BAND_HEIGHT } from './overlay';

/** The clip's size, 9:16 as the how-to dialog shows it: the app over its caption band. */
export const CLIP = { width: 390, height: 694 };
/** The app's screen in the clip, in CSS pixels at 1 device pixel. */
export const SCREEN = { width: CLIP.width, height: CLIP.height - BAND_HEIGHT };
/** Frames a second in the encoded clip: the app mostly stands still, so few are enough. */
const FPS = 10;
/** How long the last frame stays on screen. */
const LAST_FRAME_SECONDS = 1.5;

interface Frame {
  file: string;
  /** Seconds since 1970, as the browser stamps its frames. */
  at: number;
}

interface Caption {
  step: number;
  words: string;
  at: number;
}

/** Draws a caption band (overlay.ts captionImage). */
export type CaptionPainter = (step: number, words: string) => Promise<Buffer>;

/**
 * Collects the frames Chromium paints (CDP Page.startScreencast: a frame each time the screen
 * changes, with its time), from one page and then another (the game opens in a window of its own).
 * NOTE: not Playwright's recordVideo, which needs Playwright's own ffmpeg (decision 073).
 */
export class FrameRecorder {
  private readonly frames: Frame[] = [];
  private readonly captions: Caption[] = [];
  private session: CDPSession | null = null;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Records `page` from now on, in place of the page recorded so far. */
  async follow(page: Page): Promise<void> {
    await this.stop();
    const session = await page.context().newCDPSession(page);
    session.on('Page.screencastFrame', (frame) => {
      if (this.session !== session) return;
      const file = path.join(this.dir, `${String(this.frames.length).padStart(5, '0')}.jpg`);
      writeFileSync(file, Buffer.from(frame.data, 'base64'));
      this.frames.push({ file, at: frame.metadata.timestamp ?? Date.now() / 1000 });
      void session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    });
    this.session = session;
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 92,
      maxWidth: SCREEN.width,
      maxHeight: SCREEN.height,
    });
  }

  /** From now on the band under the app reads `words`, as step `step`. */
  caption(step: number, words: string): void {
    this.captions.push({ step, words, at: Date.now() / 1000 });
  }

  async stop(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (session) await session.send('Page.stopScreencast').catch(() => {});
  }

  /**
   * Encodes the frames, each shown until the next one came, over the caption band of the time, as
   * H.264 at FPS frames a second with Debian's ffmpeg (one thread: the machine is shared).
   * Answers the clip's length in seconds.
   */
  async encode(out: string, paint: CaptionPainter): Promise<number> {
    await this.stop();
    const first = this.frames[0];
    if (!first) throw new Error('no frames were recorded');
    const end = this.frames.at(-1)!.at + LAST_FRAME_SECONDS;
    const screen = this.list(
      'screen',
      this.frames.map((frame) => ({ file: frame.file, from: frame.at })),
      end,
    );
    // The caption on screen when the first frame came, then each later one.
    const shown = this.captions.filter((caption, index) => {
      const next = this.captions[index + 1];
      return caption.at >= first.at || !next || next.at > first.at;
    });
    const bands = [];
    for (const [index, caption] of shown.entries()) {
      const file = path.join(this.dir, `band-${index}.png`);
      writeFileSync(file, await paint(caption.step, caption.words));
      bands.push({ file, from: Math.max(caption.at, first.at) });
    }
    if (bands.length === 0) throw new Error('no caption was shown');
    const band = this.list('band', bands, end);
    mkdirSync(path.dirname(out), { recursive: true });
    const size = (box: { width: number; height: number }) => `${box.width}:${box.height}`;
    const ffmpeg = spawnSync(
      process.env.FFMPEG ?? 'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-threads', '1'],
        ...['-f', 'concat', '-safe', '0', '-i', screen],
        ...['-f', 'concat', '-safe', '0', '-i', band],
        '-filter_complex',
        [
          `[0:v]scale=${size(SCREEN)}:flags=lanczos,setsar=1,fps=${FPS}[screen]`,
          `[1:v]scale=${CLIP.width}:${BAND_HEIGHT},setsar=1,fps=${FPS}[band]`,
          '[screen][band]vstack=shortest=1,format=yuv420p[clip]',
        ].join(';'),
        ...['-map', '[clip]', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-tune', 'stillimage'],
        ...['-x264-params', 'threads=1', '-an', '-movflags', '+faststart', '-map_metadata', '-1', out],
      ],
      { stdio: 'inherit' },
    );
    if (ffmpeg.error)
      throw new Error(`ffmpeg did not run (Debian: apt-get install ffmpeg): ${ffmpeg.error.message}`);
    if (ffmpeg.status !== 0) throw new Error(`ffmpeg failed on ${out}`);
    return end - first.at;
  }

  /** An ffconcat list: each picture from its time until the next one's (the last until `end`). */
  private list(name: string, pictures: { file: string; from: number }[], end: number): string {
    const lines = ['ffconcat version 1.0'];
    pictures.forEach((picture, index) => {
      const until = pictures[index + 1]?.from ?? end;
      lines.push(`file '${picture.file}'`, `duration ${Math.max(until - picture.from, 0.001).toFixed(3)}`);
    });
    // The concat demuxer drops the last duration unless the last file is named again.
    lines.push(`file '${pictures.at(-1)!.file}'`);
    const file = path.join(this.dir, `${name}.txt`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }
}
