import { BannerImage } from '../../components/banner-slides';

/** Game artwork from the provider; when it cannot be loaded, the card keeps its own colours. */
export const GameArt = BannerImage;
