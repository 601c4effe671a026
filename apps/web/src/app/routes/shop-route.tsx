import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ShopPage } from '../../features/shops/components/shop-page.tsx';
import { RatingSummary } from '../../features/trust/components/rating-summary.tsx';
import { ReportAction } from '../../features/trust/components/report-action.tsx';
import { VendorReviews } from '../../features/trust/components/vendor-reviews.tsx';

/**
 * /shops/:vendorId: a shop's page with its rating and reviews (issue 14); an id that cannot exist reads as not found.
 * The shop's own owner (and managers, issue 28 §4) reply to reviews; its people report nothing of their own.
 */
export function ShopRoute() {
  const { t } = useTranslation();
  const vendorId = Number(useParams().vendorId);
  const vendor = useMe().data?.vendor;
  // The shop's own people report nothing of it; those whose role edits its page (owner, manager) reply to its reviews.
  const isMember = vendor?.vendorId === vendorId;
  const replies = isMember && vendor.permissions.includes('shop.edit');
  return (
    <ShopPage
      vendorId={vendorId}
      slots={{
        rating: <RatingSummary vendorId={vendorId} />,
        report: isMember ? null : <ReportAction kind="VENDOR" id={vendorId} label={t('trust.reportShop')} />,
        reviews: <VendorReviews vendorId={vendorId} isOwner={replies} />,
      }}
    />
  );
}
