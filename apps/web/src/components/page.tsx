import type { ReactNode } from 'react';

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
        <h1 className="text-[22px] leading-snug font-bold">{title}</h1>
        {action}
      </div>
      {children}
    </section>
  );
}
