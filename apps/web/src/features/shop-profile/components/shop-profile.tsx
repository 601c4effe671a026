/** /shop-profile (issue 28): the owner's own shop page to edit: its logo and cover photo, and its details. */
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useShopBusiness } from '../api/get-shop-business.ts';
import { ShopPhotos } from './shop-photos.tsx';
import { ShopProfileForm, type Locate } from './shop-profile-form.tsx';
import '../../../lib/owner-strings.ts';

/** `locate`: the device's position ('Use My Location'), given by the route (the registration's own). */
export function ShopProfile({ locate }: { locate: Locate }) {
  const { t } = useTranslation();
  const business = useShopBusiness();

  let body;
  if (business.isPending) body = <LoadingState />;
  else if (business.isError) body = <ErrorState error={business.error} />;
  else {
    body = (
      <div className="space-y-6">
        <Link
          to={paths.shop(business.data.vendorId)}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('shopProfile.viewPage')}
        </Link>
        <ShopPhotos business={business.data} />
        <ShopProfileForm key={business.data.vendorId} business={business.data} locate={locate} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('shopProfile.title')}</h1>
        <p className="mt-1 text-slate-700">{t('shopProfile.subtitle')}</p>
      </header>
      {body}
    </div>
  );
}
