import { ComingSoonPage } from '../../components/coming-soon';
import { AgreementDialog } from './agreement-dialog';

/** The member home. The wallet and game accounts arrive with the money core. */
export function HomePage() {
  return (
    <>
      <ComingSoonPage titleKey="home.title" />
      <AgreementDialog />
    </>
  );
}
