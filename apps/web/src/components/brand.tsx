import { Link } from 'react-router';
import logoMark from '../assets/logo-mark.svg';
import { useLookup } from '../lib/lookups';

/** The logo and the operator's name (from the info lookup), linking home. */
export function Brand({ to }: { to: string }) {
  const info = useLookup('info');
  const name = info.data?.info.name ?? 'Lucky Wallet';
  return (
    <Link to={to} className="flex min-h-11 min-w-0 items-center gap-2.5">
      <img src={logoMark} alt="" width={34} height={34} className="size-[34px] shrink-0" />
      <span className="truncate text-[17px] font-bold tracking-tight">{name}</span>
    </Link>
  );
}
