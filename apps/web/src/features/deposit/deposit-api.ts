import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@wallet/contract/http/wallet';
import {
  DepositResult,
  QrChannelsResponse,
  QrState,
  SlipUploadResult,
  type QrProvider,
} from '@wallet/contract/http/deposit';
import { apiRequest, apiUpload } from '../../lib/api-client';
import type { MoneyRequester } from '../../lib/idempotency';
import { queryKeys } from '../../lib/query-keys';

/** While a QR is shown, how often we ask whether it was paid, so the credit shows within seconds. */
export const QR_POLL_MS = 3_000;

/** The QR channels with their names and minimums. */
export function useQrChannels() {
  return useQuery({
    queryKey: queryKeys.deposit.qrChannels,
    queryFn: () => apiRequest('/api/qrcode', { schema: QrChannelsResponse }),
    staleTime: 60_000,
  });
}

/**
 * The member's QR at `provider`: the open one, or none with the provider's minimum. Polled while
 * a QR is open. Kept fresh for a while, so switching providers does not ask again each time:
 * creating a QR at one provider is what makes the others ask again (useCreateQr).
 */
export function useQrState(provider: QrProvider) {
  return useQuery({
    queryKey: queryKeys.deposit.qr(provider),
    queryFn: () => apiRequest(`/api/qrcode/${provider}`, { schema: QrState }),
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.hasQrcode ? QR_POLL_MS : false),
  });
}

/** Asks for a QR at `provider`; the answer says hasQrcode false with a `message` code when none was made. */
export function useCreateQr(provider: QrProvider, money: MoneyRequester) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => money.send(`/api/qrcode/${provider}`, { amount }, QrState),
    onSuccess: (state) => {
      if (state.hasQrcode) {
        queryClient.setQueryData(queryKeys.deposit.qr(provider), state);
        // The server may have closed or changed the member's QRs elsewhere: the other views reload.
        void queryClient.invalidateQueries({
          queryKey: queryKeys.deposit.qrAll,
          predicate: (query) => query.queryKey[1] !== provider,
        });
      } else {
        // NOTE: not cached: `message` belongs to this answer; reading again shows, for example, the
        // QR already open that QR_ALREADY_OPEN speaks of.
        void queryClient.invalidateQueries({ queryKey: queryKeys.deposit.qr(provider) });
      }
    },
  });
}

/** Cancels the open QR at `provider`; the answer (no QR) is what the view shows next. */
export function useCancelQr(provider: QrProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (qrcodeId: string) =>
      apiRequest(`/api/qrcode/${encodeURIComponent(qrcodeId)}`, { method: 'DELETE', schema: QrState }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.deposit.qr(provider), state),
  });
}

export function useSendGiftLink(money: MoneyRequester) {
  return useMutation({
    mutationFn: (link: string) => money.send('/api/wallet/truelink', { link }, DepositResult),
  });
}

/** A manual deposit notice: staff check it; it credits nothing by itself (PENDING). */
export function useNotifyDeposit(money: MoneyRequester) {
  return useMutation({
    mutationFn: (amount: number) => money.send('/api/wallet/add', { amount }, DepositResult),
  });
}

/**
 * Uploads a slip (field `file`, 300 s, progress from 0 to 1). The same file sent again after an
 * unknown outcome carries the same Idempotency-Key, so it cannot be credited twice.
 */
export const uploadSlip = (money: MoneyRequester, file: File, onProgress: (fraction: number) => void) =>
  money.keyed(`/api/wallet/slip ${file.name} ${file.size} ${file.lastModified}`, (key) =>
    apiUpload('/api/wallet/slip', {
      file,
      fileName: file.name,
      schema: SlipUploadResult,
      onProgress,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
