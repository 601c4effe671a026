/**
 * The offer detail card of spec §2.4 "View offer", and the pieces the offers list's modal shares with it:
 * the offer's values as they read on screen, a label/value list, and the owner's Edit and Pause/Resume actions.
 */
import type { TFunction } from 'i18next';
import { ImageOff, Pause, Pencil, Play } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Link } from 'react-router';
import type { Offer } from '@qrib/shared/offer-schemas';
import { timeLeft } from '@qrib/shared/time-left';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { ApiError, isConnectionFailure } from '../../../lib/api-client.ts';
import { categoryDescription, categoryName } from '../../../lib/categories.ts';
import { formatDate, formatDiscount, formatEuros, orDash } from '../../../lib/format.ts';
import { translateError } from '../../../lib/i18n.ts';
import { useChangeOfferStatus } from '../api/change-offer-status.ts';
import { useOffer } from '../api/get-offer.ts';
import { OfferUnavailable } from './offer-unavailable.tsx';
import { ShopperOffer, type ShopperOfferSlots } from './shopper-offer.tsx';
import { numberFormat } from '../../../lib/intl-formats.ts';

export interface Fact {
  label: string;
  value: string;
}

/** An offer's values in the reader's language; every missing one is a dash, except terms, which the detail page hides. */
/**
 * An offer's facts as label/value pairs, in the order spec §2.4 gives each place: the list's modal shows
 * terms (or a dash) before the redemption limit and the business type second; the offer page shows terms
 * only when there are some, after the limit, and the address second.
 */
export function offerFacts(t: TFunction, language: string, offer: Offer, place: 'modal' | 'page'): { facts: Fact[]; vendorFacts: Fact[] } {
  const yesNo = (value: boolean) => (value ? t('offerDetail.yes') : t('offerDetail.no'));
  const terms = offer.termsAndConditions?.trim() ? offer.termsAndConditions : null;
  const redemptionLimit: Fact = {
    label: t('offerDetail.redemptionLimit'),
    value:
      offer.redemptionLimit === 'LIMITED' && offer.maxRedemptions !== null
        ? t('offerDetail.limitedTo', { count: offer.maxRedemptions })
        : t(`offerForm.limits.${offer.redemptionLimit}`),
  };
  const termsFacts: Fact[] = place === 'modal' ? [{ label: t('offerDetail.terms'), value: orDash(terms) }] : terms ? [{ label: t('offerDetail.terms'), value: terms }] : [];
  const facts: Fact[] = [
    { label: t('offerDetail.description'), value: orDash(offer.description) },
    { label: t('offerDetail.category'), value: orDash(offer.category ? categoryName(t, offer.category) : null) },
    { label: t('offerDetail.categoryDescription'), value: orDash(offer.category ? categoryDescription(t, offer.category) : null) },
    { label: t('offerDetail.discount'), value: formatDiscount(t, offer.discountType, offer.discountValue, offer) },
    // Issue 27: the price before, and after when the discount gives one; no rows when the owner gave no price.
    ...(offer.regularPrice === null ? [] : [{ label: t('pricing.priceBefore'), value: formatEuros(offer.regularPrice, language) }]),
    ...(offer.offerPrice === null ? [] : [{ label: t('pricing.priceAfter'), value: formatEuros(offer.offerPrice, language) }]),
    {
      label: t('offerDetail.validity'),
      value: t('offersList.validity', { start: formatDate(offer.startDate, language), end: formatDate(offer.endDate, language) }),
    },
    // Issue 28 §3: the happy hour as the owner wrote it; no row for an offer that holds all day.
    ...(offer.schedule ? [{ label: t('happyHour.title'), value: offer.schedule }] : []),
    { label: t('offerDetail.audience'), value: t(`offerForm.audiences.${offer.targetAudience}`) },
    { label: t('offerDetail.status'), value: t(`offerDetail.statuses.${offer.status}`) },
    { label: t('offerDetail.featured'), value: yesNo(offer.featuredOffer) },
    { label: t('offerDetail.notifications'), value: yesNo(offer.sendNotifications) },
    ...(place === 'modal' ? [...termsFacts, redemptionLimit] : [redemptionLimit, ...termsFacts]),
  ];
  const businessType: Fact = { label: t('offerDetail.businessType'), value: t(`vendor.businessTypes.${offer.vendor.businessType}`) };
  const address: Fact = { label: t('offerDetail.address'), value: orDash(offer.vendor.businessAddress) };
  const vendorFacts: Fact[] = [
    { label: t('offerDetail.businessName'), value: orDash(offer.vendor.businessName) },
    ...(place === 'modal' ? [businessType, address] : [address, businessType]),
    // Only the owner is sent the contact e-mail; others see no row rather than an empty one.
    ...(offer.vendor.contactEmail === undefined ? [] : [{ label: t('offerDetail.contactEmail'), value: orDash(offer.vendor.contactEmail) }]),
    { label: t('offerDetail.contactPhone'), value: orDash(offer.vendor.contactPhone) },
  ];
  return { facts, vendorFacts };
}

/** Label/value pairs as a description list: stacked on phones, two columns from `sm` up. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {facts.map((fact) => (
        <div key={fact.label} className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{fact.label}</dt>
          {/* <bdi> isolates each value's own direction: a phone number or an English title reads right in Arabic. */}
          <dd className="whitespace-pre-line break-words text-slate-900 sm:col-span-2">
            <bdi>{fact.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The owner's actions: Edit, and Pause (ACTIVE) or Resume (PAUSED); an ENDED offer cannot be resumed. */
export function OfferOwnerActions({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  const changeStatus = useChangeOfferStatus();
  if (!offer.isOwner) return null;
  const action = offer.status === 'ACTIVE' ? 'pause' : offer.status === 'PAUSED' ? 'resume' : null;
  const ActionIcon = action === 'pause' ? Pause : Play;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Link
          to={paths.editOffer(offer.offerId)}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('offersList.edit')}
        </Link>
        {action ? (
          <Button
            variant="secondary"
            disabled={changeStatus.isPending}
            aria-busy={changeStatus.isPending}
            onClick={() => changeStatus.mutate({ offerId: offer.offerId, action })}
          >
            <ActionIcon aria-hidden="true" className="size-4" />
            {t(`offersList.${action}`)}
          </Button>
        ) : null}
      </div>
      {changeStatus.error ? <Alert>{translateError(t, changeStatus.error)}</Alert> : null}
    </div>
  );
}

/** A grey block standing in for a photo that is missing or does not load. */
function PhotoPlaceholder({ label, className }: { label?: string; className: string }) {
  return (
    <div
      role={label ? 'img' : undefined}
      aria-label={label}
      className={`flex items-center justify-center bg-slate-200 text-slate-600 ${className}`}
    >
      <ImageOff aria-hidden="true" className="size-8" />
    </div>
  );
}

function PhotoGallery({ title, images }: { title: string; images: Offer['images'] }) {
  const { t } = useTranslation();
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [brokenUrls, setBrokenUrls] = useState<ReadonlySet<string>>(() => new Set());
  const index = Math.min(selectedIndex, images.length - 1);
  const selected = images[index];
  if (!selected) return null;
  const markBroken = (url: string) => setBrokenUrls((previous) => new Set(previous).add(url));
  const alt = t('offerDetail.photoAlt', { title, index: index + 1, total: images.length });
  return (
    <section aria-label={t('offerDetail.photos')} className="space-y-3">
      {brokenUrls.has(selected.detailUrl) ? (
        <PhotoPlaceholder label={alt} className="aspect-[4/3] w-full rounded-xl" />
      ) : (
        <img
          src={selected.detailUrl}
          alt={alt}
          width={selected.width}
          height={selected.height}
          onError={() => markBroken(selected.detailUrl)}
          className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
        />
      )}
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, imageIndex) => (
            <li key={image.imageId}>
              <button
                type="button"
                aria-label={t('offerDetail.showPhoto', { index: imageIndex + 1 })}
                aria-pressed={imageIndex === index}
                onClick={() => setSelectedIndex(imageIndex)}
                className={`block overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  imageIndex === index ? 'border-brand-700' : 'border-transparent hover:border-slate-300'
                }`}
              >
                {brokenUrls.has(image.cardUrl) ? (
                  <PhotoPlaceholder className="size-16" />
                ) : (
                  <img src={image.cardUrl} alt="" onError={() => markBroken(image.cardUrl)} className="size-16 bg-slate-100 object-cover" />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The spec's sheet (§2.4), the owner's view of their own offer; everyone else reads ShopperOffer. */
function OfferDetailCard({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation();
  const { facts, vendorFacts } = offerFacts(t, i18n.language, offer, 'page');
  const coordinate = numberFormat(i18n.language, { maximumFractionDigits: 6 });
  return (
    <article className="mx-auto max-w-3xl space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="break-words text-2xl font-bold text-slate-900">{offer.title}</h1>
      <PhotoGallery title={offer.title} images={offer.images} />
      <FactList facts={facts} />
      <OfferOwnerActions offer={offer} />
      <section aria-labelledby="offer-vendor-info" className="space-y-2">
        <h2 id="offer-vendor-info" className="text-lg font-semibold text-slate-900">
          {t('offerDetail.vendorInfo')}
        </h2>
        <FactList facts={vendorFacts} />
      </section>
      {/* Registration documents are private: only the owner is sent them (this sheet is only ever the owner's). */}
      <section aria-labelledby="offer-documents" className="space-y-3">
        <h2 id="offer-documents" className="text-lg font-semibold text-slate-900">
          {t('offerDetail.documents')}
        </h2>
        {offer.documents.length === 0 ? (
          <p className="text-slate-900">{orDash(null)}</p>
        ) : (
          offer.documents.map((document, documentIndex) => (
            <div key={document.documentId} className="rounded-xl border border-slate-200 px-4 py-2">
              <h3 className="pt-2 font-semibold text-slate-900">{t('offerDetail.documentLabel', { index: documentIndex + 1 })}</h3>
              <FactList
                facts={[
                  { label: t('offerDetail.docDescription'), value: orDash(document.offeringsDescription) },
                  { label: t('offerDetail.docContact'), value: orDash(document.primaryContactName) },
                  { label: t('offerDetail.latitude'), value: coordinate.format(document.locationLatitude) },
                  { label: t('offerDetail.longitude'), value: coordinate.format(document.locationLongitude) },
                ]}
              />
            </div>
          ))
        )}
      </section>
    </article>
  );
}

/**
 * `shopperAction`: what the shopper's page offers to do with the offer (the route gives 'Get code', issue 13);
 * `shopperSlots`: the shop's rating, 'Report' and reviews (issue 14).
 */
export function OfferDetail({
  offerId,
  shopperAction,
  shopperSlots,
}: {
  offerId: number;
  shopperAction?: (offer: Offer) => ReactNode;
  shopperSlots?: (offer: Offer) => ShopperOfferSlots;
}) {
  const offer = useOffer(offerId);
  // useOffer does not ask for an id that cannot exist; such an offer is simply not found.
  const isValidId = Number.isSafeInteger(offerId) && offerId > 0;
  if (!isValidId || (offer.error instanceof ApiError && offer.error.status === 404)) {
    return <OfferUnavailable reason="gone" offerId={offerId} />;
  }
  if (offer.isPending) return <LoadingState />;
  if (offer.isError && isConnectionFailure(offer.error)) {
    return <OfferUnavailable reason="notCached" offerId={offerId} onRetry={() => void offer.refetch()} />;
  }
  if (offer.isError) return <ErrorState error={offer.error} onRetry={() => void offer.refetch()} />;
  if (!offer.data.isOwner && (offer.data.status === 'ENDED' || timeLeft(offer.data.endDate).kind === 'expired')) {
    return <OfferUnavailable reason="ended" offerId={offerId} categoryId={offer.data.category?.categoryId ?? null} title={offer.data.title} />;
  }
  // The owner keeps the spec's sheet; a shopper reads the offer page made for them (DESIGN.md §5).
  return offer.data.isOwner ? <OfferDetailCard offer={offer.data} /> : <ShopperOffer offer={offer.data} action={shopperAction?.(offer.data)} slots={shopperSlots?.(offer.data)} />;
}
