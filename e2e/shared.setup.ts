import { expect, test } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { LAO_PORT } from './playwright.config';

/**
 * Settings every member shares, set once before any spec runs (decision 060): slip uploads open
 * (the demo closes them for 20 minutes around midnight in Bangkok, and CI may run then) and the
 * wheel on. No spec of the parallel `members` project changes either; the few that must switch a
 * shared setting run alone afterwards, in the `shared-settings` project, and put it back.
 */
test('shared settings for the run', async ({ request }) => {
  const post = async (url: string, data: unknown) => {
    const response = await request.post(url, { data, headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } });
    expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  };
  const open = { closedFrom: null, closedTo: null };
  await post('/api/sandbox/settings/slip-window', open);
  await post(`http://127.0.0.1:${LAO_PORT}/api/sandbox/settings/slip-window`, open);
  await post('/api/sandbox/settings/spinwheel', { active: true });
  await post(`http://127.0.0.1:${LAO_PORT}/api/sandbox/settings/spinwheel`, { active: true });
});
