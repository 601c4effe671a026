/**
 * /write-review?claimId= or ?receiptId=: the review of one purchase (issue 14): 1–5 stars as a radio group and an
 * optional text, published at once; the server says whether the purchase grants one (403, 404, 409). A review from an
 * account that is not established yet is kept for its author alone (issue 24, `pendingEstablished`), and says so.
 */
import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Review } from '@qrib/shared/trust-schemas';
import { ESTABLISHED_ACCOUNT_DAYS, ESTABLISHED_OTHER_SHOPS, REVIEW_STARS_MAX, REVIEW_STARS_MIN, REVIEW_TEXT_MAX } from '@qrib/shared/trust-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/data-states.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import { useCreateReview } from '../api/reviews.ts';
import '../../../lib/trust-strings.ts';

const STAR_VALUES = Array.from({ length: REVIEW_STARS_MAX - REVIEW_STARS_MIN + 1 }, (_, index) => REVIEW_STARS_MIN + index);

/** The purchase named in the address: exactly one positive id. */
export function purchaseFromSearch(search: URLSearchParams): { claimId: number } | { receiptId: number } | null {
  const claimId = Number(search.get('claimId'));
  const receiptId = Number(search.get('receiptId'));
  const valid = (value: number) => Number.isSafeInteger(value) && value > 0;
  if (search.has('claimId') === search.has('receiptId')) return null;
  if (search.has('claimId')) return valid(claimId) ? { claimId } : null;
  return valid(receiptId) ? { receiptId } : null;
}

function StarPicker({ value, onChange, error }: { value: number | null; onChange: (stars: number) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={error ? 'review-stars-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('trust.starsLegend')}</legend>
      <div className="flex gap-1">
        {STAR_VALUES.map((stars) => (
          <label key={stars} className="relative flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700">
            <input
              type="radio"
              name="stars"
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={t('trust.starsLabel', { stars, max: REVIEW_STARS_MAX })}
              className="absolute inset-0 appearance-none"
            />
            <Star aria-hidden="true" className={`size-8 ${value !== null && stars <= value ? 'fill-current text-amber-500' : 'text-slate-500'}`} />
          </label>
        ))}
      </div>
      {error ? (
        <p id="review-stars-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function WriteReview() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const purchase = purchaseFromSearch(search);
  // What is reviewed, as the link that opened the form named it (an address typed by hand names nothing).
  const state: unknown = useLocation().state;
  const purchaseTitle = typeof state === 'object' && state !== null && 'purchaseTitle' in state && typeof state.purchaseTitle === 'string' ? state.purchaseTitle : null;
  const create = useCreateReview();
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ stars?: string | undefined; text?: string | undefined }>({});
  const [published, setPublished] = useState<Review | null>(null);
  if (purchase === null) return <EmptyState message={t('messages.purchaseNotFound')} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null) return setErrors({ stars: t('trust.starsRequired') });
    setErrors({});
    create.mutate(
      { ...purchase, stars, text: text.trim() === '' ? null : text.trim() },
      {
        onSuccess: setPublished,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const { stars: starsCode, text: textCode } = error.fieldErrorCodes;
          setErrors({ stars: starsCode ? translateCode(t, starsCode) : undefined, text: textCode ? translateCode(t, textCode) : undefined });
        },
      },
    );
  };
  const formError = create.isError && !errors.stars && !errors.text ? translateError(t, create.error) : null;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('trust.writeReview')}</h1>
        {purchaseTitle ? (
          <p className="mt-1 font-semibold text-slate-900">
            <bdi>{t('trust.reviewOf', { offer: purchaseTitle })}</bdi>
          </p>
        ) : null}
        <p className="mt-1 text-slate-700">{t('trust.reviewPublishedNote')}</p>
      </header>
      {published ? (
        <div className="space-y-3">
          {published.pendingEstablished ? (
            <Alert tone="info" focusOnShow>
              <p className="font-semibold">{t('evidence.reviewHeld')}</p>
              <p className="mt-1">{t('evidence.heldWhy', { days: ESTABLISHED_ACCOUNT_DAYS, shops: ESTABLISHED_OTHER_SHOPS })}</p>
            </Alert>
          ) : (
            <Alert tone="success" focusOnShow>
              {t('trust.reviewThanks')}
            </Alert>
          )}
          <Link to={`${paths.shop(published.vendorId)}#review-${published.reviewId}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            {t('trust.seeYourReview')}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
          {formError ? <Alert focusOnShow>{formError}</Alert> : null}
          <StarPicker value={stars} onChange={setStars} error={errors.stars} />
          <TextareaField
            label={t('trust.reviewText')}
            rows={5}
            value={text}
            maxLength={REVIEW_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
            error={errors.text}
            hint={t('vendor.charactersLeft', { count: REVIEW_TEXT_MAX - text.length })}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('trust.sending') : t('trust.publishReview')}
          </Button>
        </form>
      )}
    </div>
  );
}
