/** The small link near a list's title to 'How offers are ordered' (issue 14, Directive 2005/29 Art. 7(4a)). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function RankingLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.howOffersAreOrdered} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline">
      {t('trust.howOffersLink')}
    </Link>
  );
}
