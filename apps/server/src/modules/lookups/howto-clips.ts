import { HOWTO_LANGUAGE } from '@wallet/contract/constants';
import type { SiteSettings } from '@wallet/contract/http/console-settings';

/**
 * The clips the server ships (apps/server/media/howto/<lang>/, recorded by
 * scripts/howto-clips/record.ts): one file per topic and language, `{lang}` standing for the
 * member's language (decision 073).
 */
export const SHIPPED_HOWTO: SiteSettings['howto'] = {
  videos: [
    { topic: 'wallet', url: `/media/howto/${HOWTO_LANGUAGE}/wallet.mp4` },
    { topic: 'play', url: `/media/howto/${HOWTO_LANGUAGE}/play.mp4` },
    { topic: 'balance', url: `/media/howto/${HOWTO_LANGUAGE}/balance.mp4` },
    { topic: 'bonus', url: `/media/howto/${HOWTO_LANGUAGE}/bonus.mp4` },
    { topic: 'endBonus', url: `/media/howto/${HOWTO_LANGUAGE}/end-bonus.mp4` },
  ],
};

/** The one-language placeholders shipped before decision 073, no longer on disk. */
const RETIRED = /^\/media\/howto\/(wallet|play|balance|bonus|end-bonus)\.mp4$/;

/**
 * The setting as members get it. NOTE: a site seeded before decision 073 still stores the retired
 * placeholders' URLs (seeding never overwrites a setting): those read as the shipped clips; a URL
 * an operator chose is answered as it is.
 */
export function currentHowto(stored: SiteSettings['howto']): SiteSettings['howto'] {
  return {
    videos: stored.videos.map((video) => {
      const name = RETIRED.exec(video.url)?.[1];
      return name ? { topic: video.topic, url: `/media/howto/${HOWTO_LANGUAGE}/${name}.mp4` } : video;
    }),
  };
}
