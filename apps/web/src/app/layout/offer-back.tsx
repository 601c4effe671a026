import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { RoleNavigation } from '../../config/navigation.tsx';
import { paths } from '../../config/paths.ts';
import { useOffer } from '../../features/offers/api/get-offer.ts';

const className =
  'flex min-h-11 items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * Back on an offer's page. The owner's sheet keeps the spec's Back to the offers list (spec §2.3); anyone
 * else goes back where they came from, or to their role's home when the page was opened directly (DESIGN.md §5).
 * The offer is the page's own query, so asking who owns it costs no request.
 */
export function OfferBack({ offerId, navigation }: { offerId: number; navigation: RoleNavigation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const offer = useOffer(offerId);
  const content = (
    <>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('offerDetail.back')}
    </>
  );
  // An owner's own offer (or one not yet loaded, which for an owner is most likely theirs): the offers list.
  if ((navigation.role === 'owner' || navigation.role === 'manager') && offer.data?.isOwner !== false) {
    return (
      <Link to={paths.offersList} className={className} data-back="offers-list">
        {content}
      </Link>
    );
  }
  // The router marks the page the app was opened on with the key 'default': nothing of ours to go back to.
  if (location.key === 'default') {
    return (
      <Link to={navigation.home} className={className} data-back="home">
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={() => void navigate(-1)} className={className} data-back="history">
      {content}
    </button>
  );
}
