/**
 * One code as shown at the till (/codes/:claimId, issue 13): the offer and its shop, the code in large type and as a
 * QR, its status and time left, and that a code reserves nothing. It opens from the copy kept on the device when
 * the network is gone (lib/claims-storage.ts).
 */
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClaimCode } from '@qrib/shared/claim-constants';
import type { Claim } from '@qrib/shared/claim-schemas';
import { BrowseOffersLink } from '../../../components/browse-offers-link.tsx';
import { ReviewPurchaseLink } from '../../../components/review-purchase-link.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { savedClaims } from '../../../lib/claims-storage.ts';
import { formatMaltaDateTime, timeLeftText, unitsLeftText } from '../../../lib/format.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useMyClaims } from '../api/get-my-claims.ts';
import { ClaimQr } from '../../../components/code-qr.tsx';
import { ClaimStatusBadge } from './claim-status.tsx';

/** The offer's units left, or 'Sold out'; nothing when the offer is unlimited. */
export function UnitsLeft({ remaining }: { remaining: number | null }) {
  const { t } = useTranslation();
  if (remaining === null) return null;
  return (
    <span className="font-semibold text-slate-900" data-testid="units-left">
      {unitsLeftText(t, remaining)}
    </span>
  );
}

function OfferPhoto({ claim }: { claim: Claim }) {
  const [failed, setFailed] = useState(false);
  if (!claim.offer.imageUrl || failed) return null;
  return <img src={claim.offer.imageUrl} alt="" onError={() => setFailed(true)} className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover sm:size-24" />;
}

function ClaimState({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation();
  if (claim.status === 'REDEEMED' && claim.redeemedAt) {
    return (
      <div className="space-y-3">
        <p className="font-medium text-slate-800">{t('codes.redeemedAt', { time: formatMaltaDateTime(claim.redeemedAt, i18n.language) })}</p>
        <Link
          to={paths.receiptUploadFor(claim.vendorId, claim.offerId, claim.claimId)}
          className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          data-testid="code-upload-receipt"
        >
          {t('codes.uploadReceipt')}
        </Link>
        <ReviewPurchaseLink review={claim.review} purchase={{ claimId: claim.claimId }} vendorId={claim.vendorId} label={claim.offer.title} />
      </div>
    );
  }
  if (claim.status === 'EXPIRED') return <p className="font-medium text-slate-800">{t('codes.expiredNote')}</p>;
  return (
    <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 font-medium text-slate-800">
      <span data-testid="code-time-left">{timeLeftText(t, claim.offer.endDate)}</span>
      <UnitsLeft remaining={claim.offer.remaining} />
    </p>
  );
}

export function ClaimView({ claim, fromDevice = false }: { claim: Claim; fromDevice?: boolean }) {
  const { t } = useTranslation();
  const code = formatClaimCode(claim.code);
  return (
    <article className="mx-auto max-w-xl space-y-5" data-testid="code-screen">
      {fromDevice ? <Alert tone="info">{t('codes.offline')}</Alert> : null}
      <header className="flex items-center gap-4">
        <OfferPhoto claim={claim} />
        <div className="min-w-0 space-y-1">
          <h1 className="break-words text-xl font-bold text-slate-900 sm:text-2xl">
            <bdi>{claim.offer.title}</bdi>
          </h1>
          <Link to={paths.shop(claim.vendorId)} className="block min-h-11 rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700" data-testid="code-shop">
            <span className="block font-semibold text-slate-900">
              <bdi>{claim.offer.businessName}</bdi>
            </span>
            <span className="flex items-center gap-1 text-sm text-slate-700">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <bdi>{claim.offer.businessAddress}</bdi>
            </span>
          </Link>
        </div>
      </header>
      <section aria-labelledby="claim-code-heading" className="space-y-4 rounded-2xl border-2 border-slate-300 bg-white p-5 text-center">
        <h2 id="claim-code-heading" className="text-base font-semibold text-slate-700">
          {t('codes.yourCode')}
        </h2>
        {/* A code reads left to right in every language. */}
        <p dir="ltr" className="font-mono text-5xl font-bold tracking-wider text-slate-950 sm:text-6xl" data-testid="claim-code">
          {code}
        </p>
        <ClaimQr code={claim.code} label={t('codes.qrAlt', { code })} />
        <ClaimStatusBadge status={claim.status} />
        <ClaimState claim={claim} />
        {claim.status === 'ACTIVE' ? <p className="text-sm text-slate-700">{t('codes.showAtTill')}</p> : null}
      </section>
      <p className="text-sm text-slate-700" data-testid="code-no-reserve">
        {t('codes.noReserve')}
      </p>
      <Link to={paths.codes} className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
        {t('codes.allCodes')}
      </Link>
    </article>
  );
}

/** The code screen: the claim from GET /me/claims, else from the device when the answer did not come. */
export function CodeScreen({ claimId, userId }: { claimId: number; userId: number }) {
  const { t } = useTranslation();
  // An active code follows the till: it turns Redeemed on screen once the shop scans it.
  const claims = useMyClaims(userId, { follow: claimId });
  const online = useOnline();
  const fromServer = claims.data?.data.find((claim) => claim.claimId === claimId);
  if (fromServer) return <ClaimView claim={fromServer} />;
  const saved = savedClaims(userId).find((claim) => claim.claimId === claimId);
  if (saved) return <ClaimView claim={saved} fromDevice={claims.isError || !online} />;
  if (claims.isPending) return <LoadingState />;
  return <EmptyState message={claims.isError ? t('codes.notOnDevice') : t('notFound.title')} action={<BrowseOffersLink />} />;
}
