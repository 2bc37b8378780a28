import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { memberNotes, memberTags } from './member-notes.tables';

/** Notes and tags of members (issue 27, section 5). */
export function createMemberNotes(db: Database) {
  const tagsOf = async (memberId: number): Promise<string[]> =>
    (
      await db
        .select({ tag: memberTags.tag })
        .from(memberTags)
        .where(eq(memberTags.memberId, memberId))
        .orderBy(memberTags.tag)
    ).map((row) => row.tag);

  return {
    tagsOf,

    /** The newest notes first (at most 100), with their writers' ids. */
    async notesOf(memberId: number) {
      return db
        .select()
        .from(memberNotes)
        .where(eq(memberNotes.memberId, memberId))
        .orderBy(desc(memberNotes.id))
        .limit(100);
    },

    async addNote(memberId: number, staffId: number, text: string) {
      const [row] = await db.insert(memberNotes).values({ memberId, staffId, text }).returning();
      return row!;
    },

    /** Makes the member's tags exactly `tags`; answers them before and after. */
    async setTags(
      memberId: number,
      staffId: number,
      tags: string[],
    ): Promise<{ before: string[]; after: string[] }> {
      return db.transaction(async (tx) => {
        const before = (
          await tx
            .select({ tag: memberTags.tag })
            .from(memberTags)
            .where(eq(memberTags.memberId, memberId))
            .for('update')
        )
          .map((row) => row.tag)
          .sort();
        if (tags.length === 0) await tx.delete(memberTags).where(eq(memberTags.memberId, memberId));
        else
          await tx
            .delete(memberTags)
            .where(and(eq(memberTags.memberId, memberId), notInArray(memberTags.tag, tags)));
        if (tags.length > 0)
          await tx
            .insert(memberTags)
            .values(tags.map((tag) => ({ memberId, tag, staffId })))
            .onConflictDoNothing();
        return { before, after: [...new Set(tags)].sort() };
      });
    },

    /** Whether the member carries any of these tags (the withdrawal rule's). */
    async hasAnyTag(memberId: number, tags: readonly string[]): Promise<boolean> {
      if (tags.length === 0) return false;
      const [row] = await db
        .select({ tag: memberTags.tag })
        .from(memberTags)
        .where(and(eq(memberTags.memberId, memberId), inArray(memberTags.tag, [...tags])))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type MemberNotesService = ReturnType<typeof createMemberNotes>;
