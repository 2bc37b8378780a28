import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/** What ties a member to another member. */
export type MemberLinkKind = 'bank_account' | 'holder_name' | 'device' | 'address';

/** Titles a holder's name may start with (as the invite guard strips them, decision 020). */
const TITLES = '^(นางสาว|นาง|นาย|ท้าว|ນາງສາວ|ນາງ|ທ້າວ|MRS|MR|MS|MISS)\\.?';

/**
 * Other members tied to one by their registered bank account (its number without leading zeros),
 * its holder's name (upper case, without spaces or a title, as the invite guard compares them),
 * or a device or address both signed in from; with the member's inviter and invitees. Read from
 * the accounts module's own tables, for the console's risk flags (decision 051).
 */
export function createMemberLinks(db: Database) {
  return async (memberId: number) => {
    const links = await rowsOf<{ kind: MemberLinkKind; member_id: string }>(
      db,
      sql`with me as (select m.id, m.username, b.bank_code, ltrim(b.account_no, '0') as account_key,
                             regexp_replace(upper(replace(b.account_name, ' ', '')), ${TITLES}, '') as holder
                      from members m left join member_bank_accounts b on b.member_id = m.id
                      where m.id = ${memberId})
          select 'bank_account' as kind, b.member_id::text as member_id
            from member_bank_accounts b, me
            where b.member_id <> me.id and b.bank_code = me.bank_code and ltrim(b.account_no, '0') = me.account_key
          union
          select 'holder_name', b.member_id::text
            from member_bank_accounts b, me
            where b.member_id <> me.id and me.holder <> ''
              and regexp_replace(upper(replace(b.account_name, ' ', '')), ${TITLES}, '') = me.holder
          union
          select k.kind, m.id::text
            from sign_in_known mine
            join me on mine.username = me.username
            join sign_in_known k on k.kind = mine.kind and k.key = mine.key and k.username <> me.username
            join members m on m.username = k.username
          limit 200`,
    );
    const [family] = await rowsOf<{ inviter_id: string | null; invitees: string[] | null }>(
      db,
      sql`select (select inviter_id::text from members where id = ${memberId}) as inviter_id,
                 (select array_agg(id::text) from members where inviter_id = ${memberId}) as invitees`,
    );
    return {
      links: links.map((row) => ({ kind: row.kind, memberId: Number(row.member_id) })),
      inviterId: family?.inviter_id ? Number(family.inviter_id) : null,
      inviteeIds: (family?.invitees ?? []).map(Number),
    };
  };
}

export type MemberLinks = ReturnType<typeof createMemberLinks>;
