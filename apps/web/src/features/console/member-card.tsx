import { useId, type ComponentType, type ReactNode } from 'react';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';

/** One card of the member view (decision 048): what it shows of the member. */
export type MemberSection = ComponentType<{ view: MemberViewResponse }>;

/** A card of the member view: a titled section; on a phone the cards stack. */
export function MemberCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl bg-ink-800 p-4">
      <h2 id={titleId} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
