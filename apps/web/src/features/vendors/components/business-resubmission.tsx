/**
 * 'Correct and send again' (issue 14): a business Qrib refused, its registration's fields filled from GET /vendors/me,
 * Qrib's reason above them; sending makes it PENDING again. A business in any other state has nothing to send.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyBusiness } from '../api/get-my-business.ts';
import { VendorRegistrationForm, type VendorFormValues } from './vendor-registration-form.tsx';
import '../../../lib/owner-strings.ts';

export function formValuesOf(vendor: Vendor): VendorFormValues {
  return {
    businessName: vendor.businessName,
    businessType: vendor.businessType,
    businessAddress: vendor.businessAddress,
    locationLatitude: String(vendor.locationLatitude),
    locationLongitude: String(vendor.locationLongitude),
    primaryContactName: vendor.primaryContactName,
    contactEmail: vendor.contactEmail,
    contactPhone: vendor.contactPhone,
    offeringsDescription: vendor.offeringsDescription ?? '',
  };
}

const dashboardLink = 'inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';

export function BusinessResubmission() {
  const { t } = useTranslation();
  const business = useMyBusiness();
  const [sent, setSent] = useState(false);

  let body;
  if (sent) {
    body = (
      <div className="space-y-4">
        <Alert tone="success" focusOnShow>
          {t('businessState.resubmitted')}
        </Alert>
        <Link to={paths.home} className={dashboardLink}>
          {t('businessState.toDashboard')}
        </Link>
      </div>
    );
  } else if (business.isPending) body = <LoadingState />;
  else if (business.isError) body = <ErrorState error={business.error} />;
  else if (business.data.status !== 'REJECTED') {
    body = (
      <div className="space-y-4">
        <p className="rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-800">{t('messages.businessNotRejected')}</p>
        <Link to={paths.home} className={dashboardLink}>
          {t('businessState.toDashboard')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <div className="mb-6">
          <Alert>{t('messages.businessRejected', { reason: business.data.statusReason ?? '' })}</Alert>
        </div>
        <VendorRegistrationForm resubmission={{ initialValues: formValuesOf(business.data) }} onRegistered={() => setSent(true)} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('businessState.resubmitTitle')}</h1>
        <p className="mt-1 text-slate-700">{t('businessState.resubmitSubtitle')}</p>
      </header>
      {body}
    </div>
  );
}
