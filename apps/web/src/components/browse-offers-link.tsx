/** 'Browse offers': the way on from a screen with nothing to show (no offer, no saved offers, no codes) to the home's offers. */
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function BrowseOffersLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      data-testid="browse-offers"
    >
      <Search aria-hidden="true" className="size-4" />
      {t('deadEnds.browseOffers')}
    </Link>
  );
}
