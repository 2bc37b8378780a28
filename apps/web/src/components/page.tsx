import type { ReactNode } from 'react';
import { Phrase } from './phrase';

/** The frame of a screen: a title and its content, with room above the bottom menu. */
export function Page({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 pt-5 pb-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        {/* Wraps between words only: a Thai or Lao title beside its action on a 320 px phone. */}
        <h1 className="min-w-0 text-[22px] leading-snug font-bold">
          <Phrase text={title} />
        </h1>
        {action}
      </div>
      {children}
    </section>
  );
}
