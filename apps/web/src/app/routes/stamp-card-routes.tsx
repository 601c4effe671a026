/** Issue 29 §2: /stamp-cards, the shopper's cards and rewards; /stamp-card, the shop's card settings (`stampCard.manage`). */
import { MyStampCards } from '../../features/stamp-cards/components/my-stamp-cards.tsx';
import { StampCardSettings } from '../../features/stamp-cards/components/stamp-card-settings.tsx';
import { RequireBusiness } from './require-business.tsx';

export function StampCardsRoute() {
  return <MyStampCards />;
}

export function StampCardSettingsRoute() {
  return <RequireBusiness permission="stampCard.manage">{() => <StampCardSettings />}</RequireBusiness>;
}
