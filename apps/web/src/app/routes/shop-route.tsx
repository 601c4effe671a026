import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ShopPage } from '../../features/shops/components/shop-page.tsx';
import { RatingSummary } from '../../features/trust/components/rating-summary.tsx';
import { ReportAction } from '../../features/trust/components/report-action.tsx';
import { VendorReviews } from '../../features/trust/components/vendor-reviews.tsx';

/**
 * /shops/:vendorId: a shop's page with its rating and reviews (issue 14); an id that cannot exist reads as not found.
 * The shop's own owner replies to reviews and reports nothing of their own.
 */
export function ShopRoute() {
  const { t } = useTranslation();
  const vendorId = Number(useParams().vendorId);
  const isOwner = useMe().data?.vendor?.vendorId === vendorId;
  return (
    <ShopPage
      vendorId={vendorId}
      slots={{
        rating: <RatingSummary vendorId={vendorId} />,
        report: isOwner ? null : <ReportAction kind="VENDOR" id={vendorId} label={t('trust.reportShop')} />,
        reviews: <VendorReviews vendorId={vendorId} isOwner={isOwner} />,
      }}
    />
  );
}
