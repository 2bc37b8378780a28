import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countCalls } from '../test/render-app';
import { renderHome } from '../test/render-home';
import { gameAccount, memberServer, signIn, walletResponse } from '../test/wallet-data';
import { queryKeys } from '../lib/query-keys';
import { prefetchHome } from './first-screen';
import { createQueryClient } from './providers';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

describe("home's first reads, started with the page (issue 30)", () => {
  it('are the reads home shows: the wallet and the wheel are asked for once', async () => {
    const calls = memberServer(
      () => walletResponse(100_000, [gameAccount('JOKER')]),
      (url) => (url === '/api/spinwheel/active' ? { body: { isActive: false } } : undefined),
    );
    const client = createQueryClient();
    prefetchHome(client);
    // Before home renders: the answer is in the cache home renders with.
    await waitFor(() => expect(client.getQueryData(queryKeys.wallet.all)).toBeTruthy());
    expect(countCalls(calls, '/api/spinwheel/active')).toBe(1);

    await renderHome('en', client);
    expect(await screen.findAllByText('฿1,000.00')).not.toHaveLength(0);
    await screen.findByRole('region', { name: 'Slots' });
    expect(countCalls(calls, '/api/wallet/refresh/slot')).toBe(1);
    expect(countCalls(calls, '/api/spinwheel/active')).toBe(1);
  });
});
