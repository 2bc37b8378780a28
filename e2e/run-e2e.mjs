// Runs the browser tests, or says loudly why it cannot: no Chromium, or no built web app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! BROWSER TESTS NOT RUN: no Chromium at ${chromium}.\n` +
      `!! Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${line}\n`,
  );
  process.exit(0);
}
if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.error('The member app is not built: run npm run build first.');
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: new URL('.', import.meta.url),
});
process.exit(result.status ?? 1);
