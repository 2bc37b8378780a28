import type { QueryClient } from '@tanstack/react-query';
import { DepositDialog } from '../features/deposit/deposit-dialog';
import { HomePage } from '../features/home/home-page';
import { homeRewards } from '../features/rewards/home-rewards';
import { renderWithProviders } from './render-app';

/**
 * Home as the app wires it (the deposit dialog and the rewards handed in), without the member
 * shell or the router's layouts: for a test about home or a dialog opened from it.
 */
export function renderHome(locale = 'en', client?: QueryClient) {
  return renderWithProviders(<HomePage DepositDialog={DepositDialog} rewards={homeRewards} />, {
    path: '/user/home',
    locale,
    client,
  });
}
