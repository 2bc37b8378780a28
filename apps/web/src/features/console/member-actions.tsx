import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useStaffCan } from './console-api';
import { RiskFlagChip } from './risk-flag-chip';
import { useConsoleTranslation } from './console-texts';
import { MemberCard } from './member-card';
import { useMemberLock, useMemberNotes, useMemberRisk, useWriteNotes } from './member-actions-api';

type Props = { view: MemberViewResponse };

/** The member's risk flags (decision 051), and the members they tie them to. */
export function RiskCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const risk = useMemberRisk(view.context.member.id);
  return (
    <MemberCard title={t('memberActions.risk')}>
      {risk.isPending ? (
        <Loading />
      ) : risk.isError ? (
        <p className="text-sm text-rose-400">{errorText(errorCodeOf(risk.error))}</p>
      ) : risk.data.flags.length === 0 ? (
        <p className="text-sm text-mist-400">{t('memberActions.noFlags')}</p>
      ) : (
        <div className="space-y-3">
          <ul className="flex flex-wrap gap-1.5" aria-label={t('memberActions.risk')}>
            {risk.data.flags.map((flag) => (
              <RiskFlagChip key={flag} flag={flag} />
            ))}
          </ul>
          {risk.data.linked.length > 0 ? (
            <p className="text-sm text-mist-300">
              {t('memberActions.linked')}:{' '}
              {risk.data.linked.slice(0, 12).map((id, index) => (
                <span key={id}>
                  {index > 0 ? ', ' : null}
                  <Link className="text-gold-300 underline" to={`/console/members/${id}`}>
                    {t('memberActions.linkedMember', { id })}
                  </Link>
                </span>
              ))}
            </p>
          ) : null}
        </div>
      )}
    </MemberCard>
  );
}

/** Notes for colleagues (text, never HTML) and tags a withdrawal rule can act on. */
export function NotesCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const memberId = view.context.member.id;
  const notes = useMemberNotes(memberId);
  const { addNote, setTags } = useWriteNotes(memberId);
  const mayWrite = useStaffCan('members.manage');
  const [note, setNote] = useState('');
  const [tags, setTagsText] = useState<string | null>(null);
  if (notes.isPending) return <MemberCard title={t('memberActions.notes')}>{<Loading />}</MemberCard>;
  if (notes.isError)
    return (
      <MemberCard title={t('memberActions.notes')}>
        <p className="text-sm text-rose-400">{errorText(errorCodeOf(notes.error))}</p>
      </MemberCard>
    );
  const shownTags = tags ?? notes.data.tags.join(', ');
  return (
    <MemberCard title={t('memberActions.notes')}>
      <div className="space-y-4">
        <div>
          <p className="mb-1.5 text-sm font-medium text-mist-300">{t('memberActions.tags')}</p>
          {notes.data.tags.length === 0 ? (
            <p className="text-sm text-mist-500">{t('memberActions.noTags')}</p>
          ) : (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('memberActions.tags')}>
              {notes.data.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-sky-400/15 px-2.5 py-1 text-xs font-semibold text-sky-300"
                >
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {mayWrite ? (
            <form
              className="mt-2 space-y-2"
              onSubmit={(event) => {
                event.preventDefault();
                const list = shownTags
                  .split(',')
                  .map((one) => one.trim())
                  .filter(Boolean);
                setTags.mutate(list, {
                  onSuccess: () => {
                    setTagsText(null);
                    toast.show('success', t('memberActions.tagsSaved'));
                  },
                });
              }}
            >
              <TextField
                label={t('memberActions.tagsLabel')}
                hint={t('memberActions.tagsHint')}
                value={shownTags}
                error={setTags.isError ? errorText(errorCodeOf(setTags.error)) : undefined}
                onChange={(event) => setTagsText(event.target.value)}
              />
              <Button type="submit" variant="secondary" loading={setTags.isPending}>
                {t('memberActions.saveTags')}
              </Button>
            </form>
          ) : null}
        </div>
        {mayWrite ? (
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!note.trim()) return;
              addNote.mutate(note.trim(), {
                onSuccess: () => {
                  setNote('');
                  toast.show('success', t('memberActions.noteAdded'));
                },
              });
            }}
          >
            <TextAreaField
              label={t('memberActions.noteLabel')}
              maxLength={2000}
              value={note}
              error={addNote.isError ? errorText(errorCodeOf(addNote.error)) : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            <Button type="submit" variant="secondary" loading={addNote.isPending} disabled={!note.trim()}>
              {t('memberActions.addNote')}
            </Button>
          </form>
        ) : null}
        {notes.data.notes.length === 0 ? (
          <p className="text-sm text-mist-500">{t('memberActions.noNotes')}</p>
        ) : (
          <ul className="divide-y divide-white/5 rounded-xl bg-ink-900" aria-label={t('memberActions.notes')}>
            {notes.data.notes.map((one) => (
              <li key={one.id} className="px-3 py-2 text-sm">
                {/* Typed by staff: shown as text, never as HTML. */}
                <p className="break-words whitespace-pre-wrap">{one.text}</p>
                <p className="mt-0.5 text-xs text-mist-500">
                  {t('memberActions.noteBy', {
                    name: one.staff.username,
                    time: formatDateTime(one.createdAt),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </MemberCard>
  );
}

/** Lock or unlock, for staff with members.manage: a reason, then a confirm. */
export function LockButton({ view }: Props) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const mayManage = useStaffCan('members.manage');
  const lock = useMemberLock(view.context.member.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  if (!mayManage) return null;
  const locking = view.status === 'active';
  const name = view.context.member.name;
  const close = () => {
    setOpen(false);
    setMissing(false);
    lock.reset();
  };
  return (
    <>
      <Button
        variant={locking ? 'danger' : 'secondary'}
        icon={
          locking ? (
            <Lock className="size-4" aria-hidden="true" />
          ) : (
            <LockOpen className="size-4" aria-hidden="true" />
          )
        }
        onClick={() => setOpen(true)}
      >
        {t(locking ? 'memberActions.lock' : 'memberActions.unlock')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        title={t(locking ? 'memberActions.lockTitle' : 'memberActions.unlockTitle')}
        confirmLabel={t(locking ? 'memberActions.lock' : 'memberActions.unlock')}
        cancelLabel={t('memberActions.cancel')}
        tone={locking ? 'danger' : 'primary'}
        layout="stacked"
        pending={lock.isPending}
        notice={
          lock.isError ? <span className="text-rose-400">{errorText(errorCodeOf(lock.error))}</span> : null
        }
        onConfirm={() => {
          if (!reason.trim()) {
            setMissing(true);
            return;
          }
          lock.mutate(
            { lock: locking, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.show('success', t(locking ? 'memberActions.locked' : 'memberActions.unlocked'), {
                  after: 'close',
                });
                setReason('');
                close();
              },
            },
          );
        }}
      >
        <div className="space-y-3">
          <p>{t(locking ? 'memberActions.lockBody' : 'memberActions.unlockBody', { name })}</p>
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
