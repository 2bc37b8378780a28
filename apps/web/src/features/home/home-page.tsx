import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GameAccount } from '@wallet/contract/http/wallet';
import type { Currency } from '@wallet/contract/money';
import { Carousel } from '../../components/carousel';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useProfile } from '../../lib/profile';
import { AgreementDialog } from './agreement-dialog';
import { BalanceCard } from './balance-card';
import { ClaimableOffers, DepositedOffer } from './claimable-offers';
import { CoinInfoDialog } from './coin-info-dialog';
import { GameAccountDialog } from './game-account-dialog';
import { groupGames } from './game-amounts';
import { GameCard } from './game-card';
import { HeldTransfers, useHeldTransfers } from './held-transfers';
import { HomeWidgets, useSpinActive, type Widget } from './home-widgets';
import { PendingWithdrawals, usePendingWithdrawals } from './pending-withdrawals';
import { TransferDialog, type TransferPreset } from './transfer-dialog';
import { useReadOnReturn } from './play-return';
import { useReadBalances, useReloadWallet, useWallet } from './wallet-api';
import { WithdrawDialog } from './withdraw-dialog';

/** The widgets whose dialogs the rewards feature draws: banners first, then the dialog. */
export type RewardWidget = Extract<Widget, 'invite' | 'refund'>;

type OpenDialog =
  | { kind: 'game'; code: string }
  | { kind: 'transfer'; preset: TransferPreset }
  | { kind: 'withdraw' }
  | { kind: 'deposit' }
  | { kind: 'reward'; reward: RewardWidget }
  | { kind: 'coins' }
  | null;

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

export interface DepositDialogProps {
  open: boolean;
  currency: Currency;
  onClose: () => void;
  /** Money reached the wallet: read the balances again. */
  onDeposited: () => void;
  /** Said with a deposit's success: an offer the deposit qualifies for, with its Claim button. */
  DepositedNote: ComponentType<{ currency: Currency }>;
}

export interface RewardDialogsProps {
  /** The reward whose widget was tapped; null when none is open. */
  open: RewardWidget | null;
  onClose: () => void;
  /** Its banners are on their way: the widget shows it is busy (a state setter: stable). */
  onBusy: (reward: RewardWidget | null) => void;
}

/** The rewards feature's parts of home (the invite bonus and the loss refund). */
export interface RewardsParts {
  /** The referral bonus and its receive button, under the balance (spec section 1). */
  ReferralBonus: ComponentType;
  /** The invite and refund dialogs, with the banner flow of spec section 2. */
  RewardDialogs: ComponentType<RewardDialogsProps>;
}

/**
 * The member home (spec section 2): balances, shortcuts and the game accounts. The deposit
 * dialog and the rewards are other features', so the app hands them in (a feature never
 * imports another).
 */
export function HomePage({
  DepositDialog,
  rewards: { ReferralBonus, RewardDialogs },
}: {
  DepositDialog: ComponentType<DepositDialogProps>;
  rewards: RewardsParts;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const wallet = useWallet();
  const reloadWallet = useReloadWallet();
  useReadOnReturn(useReadBalances());
  const profile = useProfile();
  const spin = useSpinActive();
  const spinActive = spin.data?.isActive === true;
  // Not known while the wheel's state (or, with the wheel open, the coins) is on its way.
  const spinCoins =
    spin.isPending || (spinActive && profile.isPending)
      ? undefined
      : spinActive
        ? (profile.data?.profile.coin ?? 0)
        : null;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [refreshingAll, setRefreshingAll] = useState(false);
  const [rewardBusy, setRewardBusy] = useState<RewardWidget | null>(null);
  const data = wallet.data;
  const pendingWithdrawals = usePendingWithdrawals({
    walletUpdatedAt: wallet.dataUpdatedAt,
    walletSettled: wallet.dataUpdatedAt > 0 || wallet.isError,
    // Paid, or returned to the wallet: either way the balances changed.
    onFinished: () => void wallet.refetch(),
  });
  const heldTransfers = useHeldTransfers({
    walletUpdatedAt: wallet.dataUpdatedAt,
    walletSettled: wallet.dataUpdatedAt > 0 || wallet.isError,
    // Arrived, or came back: either way the balances changed.
    onFinished: () => void wallet.refetch(),
  });

  async function refreshAll() {
    setRefreshingAll(true);
    const answer = await wallet.refetch();
    setRefreshingAll(false);
    if (answer.isError) toast.show('error', errorText(codeOf(answer.error)));
    else toast.show('success', t('home.refreshed'));
  }

  function select(widget: Widget) {
    if (widget === 'deposit') setDialog({ kind: 'deposit' });
    else if (widget === 'withdraw') setDialog({ kind: 'withdraw' });
    else if (widget === 'refreshAll') void refreshAll();
    else if (widget === 'bonus') void navigate('/user/bonus');
    else if (widget === 'spin') void navigate('/user/spin');
    else setDialog({ kind: 'reward', reward: widget });
  }

  /** A transfer or withdrawal closed: read the balances again when money moved. */
  const closeMoney = (moved: boolean) => {
    setDialog(null);
    if (moved) void wallet.refetch();
  };

  const game = dialog?.kind === 'game' ? data?.games.find((one) => one.code === dialog.code) : undefined;

  return (
    <section className="mx-auto w-full max-w-md px-4 pt-4 pb-6">
      <h1 className="sr-only">{t('home.title')}</h1>
      <BalanceCard
        name={profile.data?.profile.name}
        coin={profile.data?.profile.coin}
        wallet={data}
        updatedAt={wallet.dataUpdatedAt}
        refreshing={wallet.isFetching}
        onRefresh={() => void wallet.refetch()}
        onTransfer={() => setDialog({ kind: 'transfer', preset: {} })}
        onCoinInfo={() => setDialog({ kind: 'coins' })}
        onItsWay={heldTransfers.reduce((sum, one) => sum + one.amount, 0)}
      />
      {/* In the wallet's currency only: a kip wallet's amounts are never shown with ฿. Money on
          its way and an offer that may be lost come right under the balances (issue 31). */}
      {data ? <PendingWithdrawals withdrawals={pendingWithdrawals} currency={data.wallet.currency} /> : null}
      {data ? <HeldTransfers transfers={heldTransfers} wallet={data} /> : null}
      {data ? (
        <ClaimableOffers currency={data.wallet.currency} walletUpdatedAt={wallet.dataUpdatedAt} />
      ) : null}
      <ReferralBonus />
      {wallet.isError && !data ? (
        <div className="mt-4">
          <ErrorAlert
            action={
              <Button variant="secondary" className="px-3 text-sm" onClick={() => void wallet.refetch()}>
                {t('action.retry')}
              </Button>
            }
          >
            {errorText(codeOf(wallet.error))}
          </ErrorAlert>
        </div>
      ) : null}
      <HomeWidgets
        onSelect={select}
        onCoinInfo={() => setDialog({ kind: 'coins' })}
        busy={refreshingAll ? 'refreshAll' : (rewardBusy ?? undefined)}
        spinCoins={spinCoins}
      />
      {data ? (
        groupGames(data.games).map((group, groupIndex) => (
          <Carousel
            key={group.key}
            title={t(`home.carousel.${group.key}`)}
            previousLabel={t('home.carousel.previous')}
            nextLabel={t('home.carousel.next')}
          >
            {group.games.map((one, index) => (
              <GameCard
                key={one.code}
                // The first carousel's first page: what a phone shows of the games when home opens.
                first={groupIndex === 0 && index < 3}
                game={one}
                currency={data.wallet.currency}
                onOpen={(picked: GameAccount) => setDialog({ kind: 'game', code: picked.code })}
              />
            ))}
          </Carousel>
        ))
      ) : wallet.isPending ? (
        <Loading />
      ) : null}

      {data ? (
        <>
          <GameAccountDialog
            game={game}
            wallet={data}
            onClose={() => setDialog(null)}
            onFund={(picked) =>
              setDialog({
                kind: 'transfer',
                // A closed game takes no money in: its money can only come back (decision 064).
                preset: picked.closed
                  ? { from: picked.code, to: 'wallet' }
                  : { from: 'wallet', to: picked.code },
              })
            }
          />
          <TransferDialog
            open={dialog?.kind === 'transfer'}
            preset={dialog?.kind === 'transfer' ? dialog.preset : {}}
            wallet={data}
            onClose={closeMoney}
          />
          <WithdrawDialog open={dialog?.kind === 'withdraw'} wallet={data} onClose={closeMoney} />
        </>
      ) : null}
      <DepositDialog
        open={dialog?.kind === 'deposit'}
        currency={data?.wallet.currency ?? 'BAHT'}
        onClose={() => setDialog(null)}
        onDeposited={() => void reloadWallet()}
        DepositedNote={DepositedOffer}
      />
      <RewardDialogs
        open={dialog?.kind === 'reward' ? dialog.reward : null}
        onClose={() => setDialog(null)}
        onBusy={setRewardBusy}
      />
      <CoinInfoDialog
        open={dialog?.kind === 'coins'}
        coins={profile.data?.profile.coin ?? 0}
        onClose={() => setDialog(null)}
      />
      <AgreementDialog />
    </section>
  );
}
