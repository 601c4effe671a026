/**
 * A shop's reviews (issue 14): stars, text, the reviewer's first name and initial, the date, 'Verified purchase' and the
 * owner's public reply. The shop's owner, on their own shop's page, replies once to each review without a reply.
 * `limit` shows only the latest few (the offer page), with a link to the shop page for the rest.
 * Issue 24: the reader's own review held until their account is established says so (only they see it), and a review
 * whose receipt the shop disputes is marked 'Under dispute' for everyone.
 */
import { BadgeCheck, Clock, Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Review } from '@qrib/shared/trust-schemas';
import { ESTABLISHED_ACCOUNT_DAYS, ESTABLISHED_OTHER_SHOPS, REVIEW_REPLY_MAX, REVIEW_STARS_MAX } from '@qrib/shared/trust-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMaltaDay } from '../../../lib/format.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import { reviewsOf, useReplyToReview, useVendorReviews } from '../api/reviews.ts';
import { ReportAction } from './report-action.tsx';
import { Stars } from './stars.tsx';
import '../../../lib/trust-strings.ts';

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const { t } = useTranslation();
  const reply = useReplyToReview(review.vendorId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError(t('messages.replyLength', { max: REVIEW_REPLY_MAX }));
    setError(undefined);
    reply.mutate(
      { reviewId: review.reviewId, text: text.trim() },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.fieldErrorCodes.text : undefined;
          if (code) setError(translateCode(t, code));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3">
      {reply.isError && !error ? <Alert>{translateError(t, reply.error)}</Alert> : null}
      <TextareaField
        label={t('trust.replyLabel')}
        hint={t('trust.replyHint')}
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? t('trust.sending') : t('trust.sendReply')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('trust.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ReviewItem({ review, isOwner }: { review: Review; isOwner: boolean }) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  // A deleted account's review keeps its stars under a pseudonym (issue 15): it has no name to show.
  const authorName = review.author.formerShopper ? t('trust.formerShopper') : review.author.displayName;
  return (
    <li id={`review-${review.reviewId}`} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.stars} />
        <span className="sr-only">{t('trust.starsLabel', { stars: review.stars, max: REVIEW_STARS_MAX })}</span>
        <span className="font-semibold text-slate-900">
          <bdi>{authorName}</bdi>
        </span>
        <span className="text-sm text-slate-700">{formatMaltaDay(review.createdAt, i18n.language)}</span>
        {review.verifiedPurchase ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {t('trust.verifiedPurchase')}
          </span>
        ) : null}
        {review.underDispute ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="review-under-dispute">
            <Scale aria-hidden="true" className="size-3.5" />
            {t('evidence.underDispute')}
          </span>
        ) : null}
      </div>
      {review.pendingEstablished ? (
        <div className="mt-2 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900" data-testid="review-held">
          <p className="flex items-center gap-1.5 font-semibold">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {t('evidence.heldBadge')}
          </p>
          <p className="mt-1">{t('evidence.heldWhy', { days: ESTABLISHED_ACCOUNT_DAYS, shops: ESTABLISHED_OTHER_SHOPS })}</p>
        </div>
      ) : null}
      {review.underDispute ? <p className="mt-1 text-sm text-slate-700">{t('evidence.underDisputeNote')}</p> : null}
      {review.offerTitle ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('trust.reviewOf', { offer: review.offerTitle })}
        </p>
      ) : null}
      {review.text ? (
        <p className="mt-2 whitespace-pre-line break-words text-slate-800">
          <bdi>{review.text}</bdi>
        </p>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-xl border-s-4 border-brand-700 bg-slate-50 p-3" data-testid="review-reply">
          <p className="text-sm font-semibold text-slate-900">
            {t('trust.ownerReply')} · <span className="font-normal text-slate-700">{formatMaltaDay(review.reply.createdAt, i18n.language)}</span>
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800">
            <bdi>{review.reply.text}</bdi>
          </p>
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {isOwner && !review.reply && !replying ? (
          <Button variant="secondary" onClick={() => setReplying(true)} aria-label={t('trust.replyTo', { name: authorName })}>
            {t('trust.reply')}
          </Button>
        ) : null}
        {/* The shop's owner reports a review of their shop too (FAKE_REVIEW is theirs to send); nobody reports their own. */}
        {review.mine ? null : <ReportAction kind="REVIEW" id={review.reviewId} label={t('trust.reportReview', { name: authorName })} />}
      </div>
      {replying && !review.reply ? <ReplyForm review={review} onDone={() => setReplying(false)} /> : null}
    </li>
  );
}

/**
 * `isOwner`: the reader owns this shop (they reply, and may report any review of it, as anyone may).
 * Every review but the reader's own (`mine`) has a Report action.
 * `limit`: show the latest this many and link to the shop page instead of 'Show more'.
 */
export function VendorReviews({ vendorId, isOwner = false, limit }: { vendorId: number; isOwner?: boolean; limit?: number }) {
  const { t } = useTranslation();
  const reviews = useVendorReviews(vendorId);
  const all = reviewsOf(reviews.data?.pages);
  const shown = limit === undefined ? all : all.slice(0, limit);
  let body;
  if (reviews.isPending) body = <LoadingState />;
  else if (reviews.isError && all.length === 0) body = <ErrorState error={reviews.error} />;
  else if (all.length === 0) body = <EmptyState message={t('trust.noReviewsYet')} />;
  else {
    body = (
      <>
        <ul className="space-y-3">
          {shown.map((review) => (
            <ReviewItem key={review.reviewId} review={review} isOwner={isOwner} />
          ))}
        </ul>
        {limit !== undefined ? (
          <Link to={paths.shop(vendorId)} className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('trust.allReviews')}
          </Link>
        ) : reviews.hasNextPage ? (
          <Button variant="secondary" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
            {reviews.isFetchingNextPage ? t('messages.loadingEllipsis') : t('trust.showMore')}
          </Button>
        ) : null}
        {reviews.isFetchNextPageError ? <ErrorState error={reviews.error} /> : null}
      </>
    );
  }
  return (
    <section aria-labelledby={`reviews-${vendorId}`} className="space-y-3">
      <h2 id={`reviews-${vendorId}`} className="text-lg font-semibold text-slate-900">
        {limit === undefined ? t('trust.reviewsHeading') : t('trust.latestReviewsHeading')}
      </h2>
      {body}
    </section>
  );
}
