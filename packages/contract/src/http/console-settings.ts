import { z } from 'zod';
import { HOWTO_TOPICS } from '../constants';
import { Amount } from '../money';
import { SlipWindow } from './deposit';

/**
 * The site's settings staff change in the console (issue 28 section 2, docs/decisions/059): each
 * one's schema is the one the server reads it by when it answers members, so a change the console
 * accepts is one the member site can show.
 */

const Text = z.string().max(20_000);
export const Localized = z.object({ th: Text, lo: Text, en: Text });
export type Localized = z.infer<typeof Localized>;
const Paragraphs = z.array(Text).max(50);
export const LocalizedList = z.object({ th: Paragraphs, lo: Paragraphs, en: Paragraphs });
export type LocalizedList = z.infer<typeof LocalizedList>;

export const SITE_SETTINGS = {
  /** The rules of the site, paragraphs of HTML (cleaned on save). */
  conditions: LocalizedList,
  /** The member agreement, paragraphs of HTML; a change is a new version every member accepts again. */
  agreements: LocalizedList,
  /** The home screen's announcement as HTML, or none. */
  notice: Localized.nullable(),
  contact: z.object({
    contactText: Localized,
    lineLink: z.string().max(500),
    lineName: z.string().max(100),
    /** An image (data URL) of the LINE QR code; null: the server draws it from lineLink. */
    lineQR: z.string().max(300_000).nullable(),
  }),
  howto: z.object({
    videos: z.array(z.object({ topic: z.enum(HOWTO_TOPICS), url: z.string().max(500) })).max(20),
  }),
  withdraw: z
    .object({ withdrawMin: Amount, withdrawMax: Amount })
    .refine((w) => w.withdrawMin <= w.withdrawMax, 'withdrawMin must not exceed withdrawMax'),
  slip: z.object({
    maxAgeMinutes: z.number().int().positive().max(10_080),
    ...SlipWindow.shape,
    timeZone: z.string().max(64),
  }),
  /** The whole service switched off for members (the terminated page). */
  active: z.object({ terminated: z.boolean() }),
  registerOTP: z.object({ enabled: z.boolean() }),
  enableChatWidget: z.object({ enabled: z.boolean() }),
  /** Whether members may send a manual deposit notice. */
  deposit: z.object({ isManual: z.boolean() }),
} as const;

export type SiteSettingKey = keyof typeof SITE_SETTINGS;
export const SITE_SETTING_KEYS = Object.keys(SITE_SETTINGS) as SiteSettingKey[];
export type SiteSettings = { [K in SiteSettingKey]: z.infer<(typeof SITE_SETTINGS)[K]> };

/** GET /api/console/settings/site: every setting of this screen as it stands. */
export const SiteSettingsResponse = z.object(SITE_SETTINGS).meta({ id: 'SiteSettingsResponse' });

/** PUT /api/console/settings/site/{key}: the setting's new value, whole. */
export const siteSettingRequest = <K extends SiteSettingKey>(key: K) =>
  z.object({ value: SITE_SETTINGS[key] });
