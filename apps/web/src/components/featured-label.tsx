/** 'Featured' on a card whose offer its shop marked featured and which is lifted for it (issue 14). */
import { useTranslation } from 'react-i18next';

export function FeaturedLabel({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-950 ${className}`} data-testid="featured-label">
      {t('trust.featured')}
    </span>
  );
}
