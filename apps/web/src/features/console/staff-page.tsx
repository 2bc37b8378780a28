import { KeyRound, Power, ShieldAlert, UserCog, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { StaffMember } from '@wallet/contract/http/console';
import { mayGiveRole, STAFF_ROLES, type StaffRole } from '@wallet/contract/staff-roles';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { SelectField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useStaffProfile } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { useChangeStaff, useStaffList, type StaffChange } from './staff-api';
import { StaffCreateDialog } from './staff-create-dialog';

type Action = 'role' | 'active' | 'totp';

/**
 * The staff screen (owners: staff.manage; decision 047): every staff member with their role,
 * whether they are switched on, whether an authenticator is set up and their last sign-in; add a
 * member, change a role, switch off or on, reset an authenticator, each after a confirm that says
 * what happens to whom. Only roles the signed-in member may give are offered; the server checks
 * every call, and keeps the last owner.
 */
export function StaffPage() {
  const { t } = useConsoleTranslation();
  const profile = useStaffProfile();
  const me = profile.data;
  const allowed = me?.permissions.includes('staff.manage') ?? false;
  const list = useStaffList(allowed);
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ staff: StaffMember; action: Action } | null>(null);

  if (!me) return <Loading />;
  if (!allowed) {
    return (
      <EmptyState
        icon={ShieldAlert}
        className="px-4 pt-16"
        title={t('staff.title')}
        text={errorText('STAFF_FORBIDDEN')}
      />
    );
  }
  const roles = STAFF_ROLES.filter((role) => mayGiveRole(me.role, role));

  return (
    <section className="mx-auto h-full w-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-[22px] font-bold">{t('staff.title')}</h1>
        {list.data ? (
          <span className="text-sm text-mist-400">{t('staff.count', { count: list.data.staff.length })}</span>
        ) : null}
        <Button
          className="ml-auto"
          onClick={() => setCreating(true)}
          icon={<UserPlus className="size-5" aria-hidden="true" />}
        >
          {t('staff.add')}
        </Button>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {t('staff.retry')}
            </Button>
          }
        >
          {errorText(errorCodeOf(list.error))}
        </ErrorAlert>
      ) : list.data.staff.length === 0 ? (
        <EmptyState icon={UsersRound} className="pt-10" title={t('staff.title')} text={t('staff.empty')} />
      ) : (
        <div role="table" aria-label={t('staff.title')} className="card overflow-hidden">
          <div
            role="row"
            className="hidden grid-cols-[2fr_1fr_1fr_1fr_1.3fr_9.5rem] gap-3 border-b border-white/5 px-4 py-2 text-xs font-semibold tracking-wide text-mist-400 uppercase md:grid"
          >
            <span role="columnheader">{t('staff.member')}</span>
            <span role="columnheader">{t('staff.role')}</span>
            <span role="columnheader">{t('staff.state')}</span>
            <span role="columnheader">{t('staff.authenticator')}</span>
            <span role="columnheader">{t('staff.lastSignIn')}</span>
            <span role="columnheader" className="sr-only">
              {t('staff.actions')}
            </span>
          </div>
          {list.data.staff.map((staff) => (
            <StaffRow
              key={staff.id}
              staff={staff}
              mayManage={mayGiveRole(me.role, staff.role)}
              isMe={staff.id === me.id}
              onAct={(action) => setActing({ staff, action })}
            />
          ))}
        </div>
      )}
      <StaffCreateDialog open={creating} onClose={() => setCreating(false)} roles={roles} />
      {acting ? (
        <StaffChangeDialog
          key={`${acting.staff.id}-${acting.action}`}
          staff={acting.staff}
          action={acting.action}
          roles={roles}
          onClose={() => setActing(null)}
        />
      ) : null}
    </section>
  );
}

function StaffRow({
  staff,
  mayManage,
  isMe,
  onAct,
}: {
  staff: StaffMember;
  mayManage: boolean;
  isMe: boolean;
  onAct: (action: Action) => void;
}) {
  const { t } = useConsoleTranslation();
  const cell = 'flex items-baseline gap-2 md:block';
  const label = 'w-32 shrink-0 text-xs text-mist-400 md:hidden';
  return (
    <div
      role="row"
      data-staff={staff.username}
      className="grid gap-1.5 border-b border-white/5 px-4 py-3 last:border-b-0 md:grid-cols-[2fr_1fr_1fr_1fr_1.3fr_9.5rem] md:items-center md:gap-3"
    >
      <div role="cell" className="min-w-0">
        <p className="truncate font-semibold">
          {staff.name}
          {isMe ? <span className="ml-2 text-xs font-normal text-gold-300">{t('staff.you')}</span> : null}
        </p>
        <p className="truncate font-mono text-sm text-mist-400">{staff.username}</p>
      </div>
      <div role="cell" className={cell}>
        <span className={label}>{t('staff.role')}</span>
        {t(`staff.roles.${staff.role}`)}
      </div>
      <div role="cell" className={cell}>
        <span className={label}>{t('staff.state')}</span>
        <span className={staff.active ? 'text-emerald-300' : 'text-rose-300'}>
          {staff.active ? t('staff.active') : t('staff.off')}
        </span>
      </div>
      <div role="cell" className={cell}>
        <span className={label}>{t('staff.authenticator')}</span>
        {staff.totpEnrolled ? t('staff.enrolled') : t('staff.notEnrolled')}
      </div>
      <div role="cell" className={`${cell} tabular-nums`}>
        <span className={label}>{t('staff.lastSignIn')}</span>
        {staff.lastSignInAt ? formatDateTime(staff.lastSignInAt) : t('staff.never')}
      </div>
      <div role="cell" className="flex flex-wrap gap-1 pt-1 md:justify-end md:pt-0">
        {mayManage ? (
          <>
            <IconAction label={t('staff.changeRole', { name: staff.name })} onClick={() => onAct('role')}>
              <UserCog className="size-5" aria-hidden="true" />
            </IconAction>
            <IconAction
              label={t(staff.active ? 'staff.switchOff' : 'staff.switchOn', { name: staff.name })}
              onClick={() => onAct('active')}
              danger={staff.active}
            >
              <Power className="size-5" aria-hidden="true" />
            </IconAction>
            <IconAction
              label={t('staff.resetTotp', { name: staff.name })}
              onClick={() => onAct('totp')}
              disabled={!staff.totpEnrolled}
            >
              <KeyRound className="size-5" aria-hidden="true" />
            </IconAction>
          </>
        ) : null}
      </div>
    </div>
  );
}

function IconAction({
  label,
  onClick,
  danger = false,
  disabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex size-11 items-center justify-center rounded-xl hover:bg-white/5 disabled:opacity-30 ${danger ? 'text-rose-300' : 'text-mist-300 hover:text-gold-300'}`}
    >
      {children}
    </button>
  );
}

/** The confirm of one change: what happens to whom, then the change, its refusal said in place. */
function StaffChangeDialog({
  staff,
  action,
  roles,
  onClose,
}: {
  staff: StaffMember;
  action: Action;
  roles: readonly StaffRole[];
  onClose: () => void;
}) {
  const { t } = useConsoleTranslation();
  const change = useChangeStaff(staff.id);
  const [role, setRole] = useState<string>(staff.role);
  const wanted: StaffChange =
    action === 'role'
      ? { kind: 'role', role: role as StaffRole }
      : action === 'active'
        ? { kind: 'active', active: !staff.active }
        : { kind: 'totp' };
  const name = staff.name;
  const texts = {
    role: {
      title: t('staff.roleTitle', { name }),
      text: t('staff.roleText', { name }),
      confirm: t('staff.roleConfirm'),
    },
    active: staff.active
      ? {
          title: t('staff.offTitle', { name }),
          text: t('staff.offText', { name }),
          confirm: t('staff.offConfirm'),
        }
      : {
          title: t('staff.onTitle', { name }),
          text: t('staff.onText', { name }),
          confirm: t('staff.onConfirm'),
        },
    totp: {
      title: t('staff.totpTitle', { name }),
      text: t('staff.totpText', { name }),
      confirm: t('staff.totpConfirm'),
    },
  }[action];

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={texts.title}
      confirmLabel={texts.confirm}
      cancelLabel={t('action.cancel')}
      tone={action === 'role' || (action === 'active' && !staff.active) ? 'primary' : 'danger'}
      pending={change.isPending}
      layout="stacked"
      onConfirm={() => {
        if (action === 'role' && role === staff.role) return onClose();
        change.mutate(wanted, { onSuccess: onClose });
      }}
      notice={change.isError ? <ErrorAlert>{errorText(errorCodeOf(change.error))}</ErrorAlert> : undefined}
    >
      <div className="space-y-4">
        {action === 'role' ? (
          <SelectField
            label={t('staff.role')}
            placeholder={t('staff.chooseRole')}
            options={roles.map((one) => ({ value: one, label: t(`staff.roles.${one}`) }))}
            value={role}
            onChange={(event) => setRole(event.target.value)}
          />
        ) : null}
        <p className="text-mist-300">{texts.text}</p>
      </div>
    </ConfirmDialog>
  );
}
