import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOWTO_LANGUAGE, HOWTO_TOPICS, LOCALES } from '@wallet/contract/constants';
import { currentHowto, SHIPPED_HOWTO } from './howto-clips';

const MEDIA = fileURLToPath(new URL('../../../media', import.meta.url));

/** The movie's length in seconds, from the MP4's `mvhd` box. */
function mp4Seconds(file: Buffer): number {
  const at = file.indexOf('mvhd');
  if (at < 0) throw new Error('no mvhd box');
  const version = file[at + 4];
  return version === 1
    ? Number(file.readBigUInt64BE(at + 28)) / file.readUInt32BE(at + 24)
    : file.readUInt32BE(at + 20) / file.readUInt32BE(at + 16);
}

/** The first video track's width and height, from its `tkhd` box (16.16 fixed point). */
function mp4Size(file: Buffer): { width: number; height: number } {
  const at = file.indexOf('tkhd');
  const end = at - 4 + file.readUInt32BE(at - 4);
  return { width: file.readUInt32BE(end - 8) / 65536, height: file.readUInt32BE(end - 4) / 65536 };
}

describe('the how-to clips the server ships (issue 31 item 20, decision 073)', () => {
  it('names one clip per topic, in every language', () => {
    expect(SHIPPED_HOWTO.videos.map((video) => video.topic)).toEqual([...HOWTO_TOPICS]);
    for (const video of SHIPPED_HOWTO.videos) expect(video.url).toContain(HOWTO_LANGUAGE);
  });

  for (const video of SHIPPED_HOWTO.videos) {
    for (const locale of LOCALES) {
      const url = video.url.replaceAll(HOWTO_LANGUAGE, locale);
      it(`${locale} ${video.topic}: ${url} is a recording, not the 6-second placeholder`, () => {
        const path = `${MEDIA}/${url.replace(/^\/media\//, '')}`;
        expect(existsSync(path), `${path} is missing (e2e/howto-clips/record.ts makes it)`).toBe(true);
        const file = readFileSync(path);
        expect(file.subarray(4, 8).toString()).toBe('ftyp');
        expect(file.includes('avc1'), 'H.264, which every phone plays').toBe(true);
        // The placeholders were 6.0 s slides; a recorded flow takes longer.
        expect(mp4Seconds(file)).toBeGreaterThan(10);
        expect(mp4Seconds(file)).toBeLessThan(60);
        expect(mp4Size(file)).toEqual({ width: 390, height: 694 });
        // Small: members download it on a phone, and the repository keeps every version.
        expect(file.length).toBeLessThan(400_000);
      });
    }
  }

  it('reads the retired placeholders a site seeded earlier as the shipped clips, and keeps an operator’s own', () => {
    const stored = {
      videos: [
        { topic: 'wallet' as const, url: '/media/howto/wallet.mp4' },
        { topic: 'endBonus' as const, url: '/media/howto/end-bonus.mp4' },
        { topic: 'play' as const, url: 'https://cdn.example.com/play.mp4' },
      ],
    };
    expect(currentHowto(stored).videos).toEqual([
      { topic: 'wallet', url: '/media/howto/{lang}/wallet.mp4' },
      { topic: 'endBonus', url: '/media/howto/{lang}/end-bonus.mp4' },
      { topic: 'play', url: 'https://cdn.example.com/play.mp4' },
    ]);
  });
});
