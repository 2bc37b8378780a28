import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConsoleBonusEnded, ConsoleBonusResponse } from '@wallet/contract/http/console-member-actions';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest, useStaffCan } from './console-api';
import { useConsoleTranslation } from './console-texts';

/**
 * "End bonus" for staff with members.manage while the member has a running bonus: the confirm
 * says what ending it takes back (the engine's forfeit now), and asks why.
 */
export function EndBonusButton({ view }: { view: MemberViewResponse }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const memberId = view.context.member.id;
  const mayManage = useStaffCan('members.manage');
  const bonus = useQuery({
    queryKey: queryKeys.console.memberBonus(memberId),
    queryFn: () => consoleRequest(`/api/console/members/${memberId}/bonus`, { schema: ConsoleBonusResponse }),
    enabled: mayManage,
  });
  const end = useMutation({
    mutationFn: (reason: string) =>
      consoleRequest(`/api/console/members/${memberId}/bonus/end`, {
        method: 'POST',
        body: { reason },
        schema: ConsoleBonusEnded,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.memberBonus(memberId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.memberView(memberId) }),
      ]),
  });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const progress = bonus.data?.progress;
  if (!mayManage || !progress) return null;
  const forfeit = formatMoney(progress.forfeitNow, progress.currency);
  const close = () => {
    setOpen(false);
    setMissing(false);
    end.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('memberActions.endBonus')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        title={t('memberActions.endBonusTitle')}
        confirmLabel={t('memberActions.endBonus')}
        cancelLabel={t('memberActions.cancel')}
        tone="danger"
        layout="stacked"
        pending={end.isPending}
        notice={
          end.isError ? <span className="text-rose-400">{errorText(errorCodeOf(end.error))}</span> : null
        }
        onConfirm={() => {
          if (!reason.trim()) {
            setMissing(true);
            return;
          }
          end.mutate(reason.trim(), {
            onSuccess: (answer) => {
              toast.show(
                'success',
                t('memberActions.bonusEnded', { forfeit: formatMoney(answer.forfeited, progress.currency) }),
                { after: 'close' },
              );
              setReason('');
              close();
            },
          });
        }}
      >
        <div className="space-y-3">
          <p>{t('memberActions.endBonusBody', { bonus: progress.name, forfeit })}</p>
          <TextAreaField
            label={t('memberActions.reason')}
            maxLength={500}
            value={reason}
            error={missing ? t('memberActions.reasonMissing') : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
