import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MemberNotesResponse, MemberStatusResponse } from '@wallet/contract/http/console-member-actions';
import { MemberRiskResponse } from '@wallet/contract/http/console-risk';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest } from './console-api';

const base = (memberId: number) => `/api/console/members/${memberId}`;

/** The member's risk flags (decision 051). */
export const useMemberRisk = (memberId: number) =>
  useQuery({
    queryKey: queryKeys.console.memberRisk(memberId),
    queryFn: () => consoleRequest(`${base(memberId)}/risk`, { schema: MemberRiskResponse }),
  });

/** The member's notes and tags. */
export const useMemberNotes = (memberId: number) =>
  useQuery({
    queryKey: queryKeys.console.memberNotes(memberId),
    queryFn: () => consoleRequest(`${base(memberId)}/notes`, { schema: MemberNotesResponse }),
  });

/** A note added or the tags set: the answer is the notes and tags as they stand. */
export function useWriteNotes(memberId: number) {
  const queryClient = useQueryClient();
  const done = (answer: MemberNotesResponse) =>
    queryClient.setQueryData(queryKeys.console.memberNotes(memberId), answer);
  return {
    addNote: useMutation({
      mutationFn: (text: string) =>
        consoleRequest(`${base(memberId)}/notes`, {
          method: 'POST',
          body: { text },
          schema: MemberNotesResponse,
        }),
      onSuccess: done,
    }),
    setTags: useMutation({
      mutationFn: (tags: string[]) =>
        consoleRequest(`${base(memberId)}/tags`, {
          method: 'PUT',
          body: { tags },
          schema: MemberNotesResponse,
        }),
      onSuccess: done,
    }),
  };
}

/** Locks or unlocks the member; the member view is read again after it. */
export function useMemberLock(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lock, reason }: { lock: boolean; reason: string }) =>
      consoleRequest(`${base(memberId)}/${lock ? 'lock' : 'unlock'}`, {
        method: 'POST',
        body: { reason },
        schema: MemberStatusResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.memberView(memberId) }),
  });
}
