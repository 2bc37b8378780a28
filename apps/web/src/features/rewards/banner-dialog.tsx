import type { Banner } from '../../components/banner-slides';
import { BannerSlides } from '../../components/banner-slides';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useRewardsTranslation } from '../../lib/rewards-texts';

/**
 * The banner image carousel a reward shows first (spec section 2, Banner flow). Closing it, by
 * its button, the X, Esc or the backdrop, goes on to the reward's own dialog.
 */
export function BannerDialog({
  banners,
  title,
  onClose,
}: {
  /** The banners shown; null when closed. */
  banners: Banner[] | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useRewardsTranslation();
  return (
    <Dialog
      open={banners !== null}
      onClose={onClose}
      title={title}
      footer={
        <Button block onClick={onClose}>
          {t('banners.continue')}
        </Button>
      }
    >
      {banners ? (
        <BannerSlides
          banners={banners}
          title={t('banners.title')}
          previousLabel={t('banners.previous')}
          nextLabel={t('banners.next')}
        />
      ) : null}
    </Dialog>
  );
}
