import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. Never a downloaded browser. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}
