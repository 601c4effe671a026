/**
 * A shop's rating as shoppers see it ('4.6 · 38 reviews', or 'No reviews yet'), with the link to 'How ratings and
 * reviews work'. The rating comes with the first page of the shop's reviews.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REVIEW_STARS_MAX } from '@qrib/shared/trust-constants';
import { paths } from '../../../config/paths.ts';
import { useVendorReviews } from '../api/reviews.ts';
import { Stars } from './stars.tsx';
import '../../../lib/trust-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

export function formatRating(average: number, language: string): string {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

export function RatingSummary({ vendorId }: { vendorId: number }) {
  const { t, i18n } = useTranslation();
  const reviews = useVendorReviews(vendorId);
  const rating = reviews.data?.pages[0]?.rating;
  let summary = null;
  if (rating) {
    if (rating.count === 0 || rating.average === null) {
      summary = <span className="text-slate-700">{t('trust.noReviews')}</span>;
    } else {
      const average = formatRating(rating.average, i18n.language);
      summary = (
        <span className="inline-flex items-center gap-2">
          <Stars value={rating.average} />
          <span aria-hidden="true" className="font-semibold text-slate-900">
            {t(rating.count === 1 ? 'trust.ratingSummaryOne' : 'trust.ratingSummary', { average, count: rating.count })}
          </span>
          <span className="sr-only">{t(rating.count === 1 ? 'trust.ratingLabelOne' : 'trust.ratingLabel', { average, max: REVIEW_STARS_MAX, count: rating.count })}</span>
        </span>
      );
    }
  }
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="rating-summary">
      {summary}
      <Link to={paths.howRatingsWork} className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
        {t('trust.howRatingsLink')}
      </Link>
    </p>
  );
}
