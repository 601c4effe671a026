/**
 * /codes: the shopper's codes, newest first, each with its status and when it was got (or redeemed), linking to its
 * code screen (issue 13); none yet leads on to the offers.
 */
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClaimCode } from '@qrib/shared/claim-constants';
import { BrowseOffersLink } from '../../../components/browse-offers-link.tsx';
import { ReviewPurchaseLink } from '../../../components/review-purchase-link.tsx';
import { MyRewardsSection } from '../../../components/stamp-rewards-list.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { savedClaims } from '../../../lib/claims-storage.ts';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { useMyClaims } from '../api/get-my-claims.ts';
import { ClaimStatusBadge } from './claim-status.tsx';

export function MyCodes({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const claims = useMyClaims(userId);
  const fromDevice = claims.isError ? savedClaims(userId) : null;
  const list = claims.data?.data ?? fromDevice;
  let body;
  if (list === null || list === undefined) body = claims.isError ? <ErrorState error={claims.error} /> : <LoadingState />;
  else if (list.length === 0) body = claims.isError ? <ErrorState error={claims.error} /> : <EmptyState message={t('codes.empty')} action={<BrowseOffersLink />} />;
  else {
    const newestFirst = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    body = (
      <>
        {fromDevice ? <Alert tone="info">{t('codes.offline')}</Alert> : null}
        <ul className="space-y-3" data-testid="codes-list">
          {newestFirst.map((claim) => (
            <li key={claim.claimId}>
              <Link
                to={paths.code(claim.claimId)}
                className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="min-w-0 flex-1 space-y-1">
                  <span className="block break-words font-semibold text-slate-900">
                    <bdi>{claim.offer.title}</bdi>
                  </span>
                  <span className="block text-sm text-slate-700">
                    <bdi>{claim.offer.businessName}</bdi>
                  </span>
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                    <span dir="ltr" className="font-mono text-base font-bold text-slate-900">
                      {formatClaimCode(claim.code)}
                    </span>
                    <span data-testid="code-when">
                      {claim.status === 'REDEEMED' && claim.redeemedAt
                        ? t('codes.redeemedAt', { time: formatMaltaDateTime(claim.redeemedAt, i18n.language) })
                        : formatMaltaDateTime(claim.createdAt, i18n.language)}
                    </span>
                  </span>
                </span>
                <ClaimStatusBadge status={claim.status} />
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500 rtl:rotate-180" />
              </Link>
              {/* Beside the row's link, not in it: a link cannot hold another. */}
              {claim.status === 'REDEEMED' ? (
                <div className="mt-2 flex justify-end empty:hidden">
                  <ReviewPurchaseLink review={claim.review} purchase={{ claimId: claim.claimId }} vendorId={claim.vendorId} label={claim.offer.title} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('codes.title')}</h1>
        <p className="mt-1 text-slate-600">{t('codes.subtitle')}</p>
      </header>
      {body}
      <MyRewardsSection />
    </div>
  );
}
