/** The vendor routes: registration, creating and editing offers, the offers list and an offer's page. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../components/ui/alert.tsx';
import { ErrorState, LoadingState } from '../../components/ui/data-states.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ClaimAction } from '../../features/claims/components/claim-action.tsx';
import { useOffer } from '../../features/offers/api/get-offer.ts';
import { OfferDetail } from '../../features/offers/components/offer-detail.tsx';
import { OfferForm } from '../../features/offers/components/offer-form.tsx';
import { OffersTable } from '../../features/offers/components/offers-table.tsx';
import { RatingSummary } from '../../features/trust/components/rating-summary.tsx';
import { ReportAction } from '../../features/trust/components/report-action.tsx';
import { VendorReviews } from '../../features/trust/components/vendor-reviews.tsx';
import { useMyBusiness } from '../../features/vendors/api/get-my-business.ts';
import { VendorRegistrationForm } from '../../features/vendors/components/vendor-registration-form.tsx';
import '../../lib/owner-strings.ts';
import { RequireBusiness } from './require-business.tsx';

/** The offer page shows the shop's latest this-many reviews and links to the shop page for the rest. */
const OFFER_PAGE_REVIEWS = 3;

function ScreenHeader({ title, subtitle, action }: { title: string; subtitle?: string; action?: React.ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      {action}
    </header>
  );
}

export function VendorRegistrationRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const [registered, setRegistered] = useState(false);
  const vendor = me.data?.vendor;
  // Issue 28: a registration waits for Qrib's check; the screen says so rather than 'You can now publish offers'.
  const isPending = useMyBusiness(Boolean(vendor?.permissions.includes('shop.edit'))).data?.status === 'PENDING';
  return (
    <div className="mx-auto max-w-3xl">
      <ScreenHeader title={t('vendor.title')} subtitle={t('vendor.subtitle')} />
      {registered ? (
        <div className="mb-6">
          <Alert tone="success" focusOnShow>
            {t('messages.registrationSuccess')}
          </Alert>
        </div>
      ) : null}
      {vendor ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('vendor.alreadyRegisteredTitle')}</h2>
          <p className="mt-2 text-slate-700" data-testid="registered-body">
            {isPending ? t('pendingNext.registeredBody', { name: vendor.businessName }) : t('vendor.alreadyRegisteredBody', { name: vendor.businessName })}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={paths.addOffer} className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t('vendor.createOffer')}
            </Link>
            <Link to={paths.offersList} className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
              {t('vendor.goToOffers')}
            </Link>
          </div>
        </section>
      ) : (
        <VendorRegistrationForm onRegistered={() => setRegistered(true)} />
      )}
    </div>
  );
}

export function AddOfferRoute() {
  const { t } = useTranslation();
  return (
    <RequireBusiness permission="offers.manage">
      {(vendor) => (
        <div className="mx-auto max-w-3xl">
          <ScreenHeader
            title={t('offerForm.title')}
            subtitle={t('offerForm.subtitle')}
            action={
              <Link to={paths.offersList} className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
                {t('vendor.goToOffers')}
              </Link>
            }
          />
          <OfferForm mode="create" vendorId={vendor.vendorId} />
        </div>
      )}
    </RequireBusiness>
  );
}

export function EditOfferRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offerId = Number(useParams().id);
  const offer = useOffer(offerId);
  let body;
  if (offer.isPending) body = <LoadingState />;
  else if (offer.isError) body = <ErrorState error={offer.error} />;
  else if (!offer.data.isOwner) body = <Alert>{t('messages.offerNotYours')}</Alert>;
  else {
    body = (
      <OfferForm
        mode="edit"
        offer={offer.data}
        onSaved={(saved) => void navigate(paths.viewOffer(saved.offerId), { state: { notice: MESSAGES.offerUpdated } })}
      />
    );
  }
  return (
    <RequireBusiness permission="offers.manage">
      {() => (
        <div className="mx-auto max-w-3xl">
          <ScreenHeader title={t('offerForm.editTitle')} />
          {body}
        </div>
      )}
    </RequireBusiness>
  );
}

export function OffersListRoute() {
  return <RequireBusiness permission="offers.manage">{() => <OffersTable />}</RequireBusiness>;
}

export function ViewOfferRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const offerId = Number(params.id);
  const userId = useMe().data?.id;
  // /viewoffer without an id: the offers to choose from are in the list.
  if (params.id === undefined) return <Navigate to={paths.offersList} replace />;
  // An id that cannot exist is 'not available' with its way on, as an unknown one is (OfferDetail).
  return (
    <>
      {notice ? (
        <div className="mx-auto mb-4 max-w-4xl">
          <Alert tone="success">{translateMessage(t, notice)}</Alert>
        </div>
      ) : null}
      <OfferDetail
        offerId={offerId}
        shopperAction={userId === undefined ? undefined : (offer) => <ClaimAction offer={offer} userId={userId} />}
        shopperSlots={(offer) => ({
          rating: <RatingSummary vendorId={offer.vendorId} />,
          report: <ReportAction kind="OFFER" id={offer.offerId} label={t('trust.reportOffer')} />,
          reviews: <VendorReviews vendorId={offer.vendorId} limit={OFFER_PAGE_REVIEWS} />,
        })}
      />
    </>
  );
}
