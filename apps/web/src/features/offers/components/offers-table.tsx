/**
 * The vendor's offers (spec §2.4 "Offers list", issue 28 §5 "My offers"): a table of each offer's thumbnail and
 * title, category, validity, status, redemptions so far and this week's numbers (views, saves, codes, redemptions of
 * the last 7 Malta days, from GET /vendors/me/insights/offers), with View (a modal with the offer's details, its
 * vendor and the owner's actions), Edit and Pause or Resume on the row.
 */
import { ArrowRight, Eye, ImageOff, Pause, Pencil, Play, Plus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { OFFER_WEEK_DAYS } from '@qrib/shared/insight-constants';
import type { OfferFigures } from '@qrib/shared/insight-schemas';
import type { Offer } from '@qrib/shared/offer-schemas';
import type { OfferStatus } from '@qrib/shared/offer-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { categoryName } from '../../../lib/categories.ts';
import { formatDate, orDash } from '../../../lib/format.ts';
import { translateError } from '../../../lib/i18n.ts';
import { useOfferFigures } from '../../../lib/offer-figures.ts';
import { useChangeOfferStatus } from '../api/change-offer-status.ts';
import { useMyOffers } from '../api/get-my-offers.ts';
import { FactList, OfferOwnerActions, offerFacts } from './offer-detail.tsx';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

const STATUS_STYLES: Record<OfferStatus, string> = {
  ACTIVE: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  PAUSED: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  ENDED: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  REMOVED: 'bg-red-50 text-red-800 ring-red-600/30',
};

function StatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}>
      {t(`offerDetail.statuses.${status}`)}
    </span>
  );
}

function OfferModal({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { facts, vendorFacts } = offerFacts(t, i18n.language, offer, 'modal');
  return (
    <Modal title={offer.title} closeLabel={t('offersList.close')} onClose={onClose}>
      <div className="space-y-5">
        <FactList facts={facts} />
        <section aria-labelledby="offer-modal-vendor-info" className="space-y-1">
          <h3 id="offer-modal-vendor-info" className="text-base font-semibold text-slate-900">
            {t('offerDetail.vendorInfo')}
          </h3>
          <FactList facts={vendorFacts} />
        </section>
        <div className="flex flex-wrap items-start gap-3 border-t border-slate-200 pt-4">
          <Link
            to={paths.viewOffer(offer.offerId)}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {t('offersList.view')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Link>
          <OfferOwnerActions offer={offer} />
        </div>
      </div>
    </Modal>
  );
}

/** Columns shown only from `md` up; below it their values sit under the title, so the table fits a phone. */
const WIDE_ONLY = 'hidden md:table-cell';

/** The four numbers a row shows. */
type WeekNumbers = Pick<OfferFigures, 'views' | 'saves' | 'claims' | 'redemptions'>;
const NO_NUMBERS: WeekNumbers = { views: 0, saves: 0, claims: 0, redemptions: 0 };

/** Redemptions at the till (issue 13): 'redeemed / max' for a LIMITED offer, the plain count for an unlimited one. */
export function redeemedText(t: TFunction, offer: Pick<Offer, 'redemptionLimit' | 'maxRedemptions' | 'redeemedCount'>): string {
  return offer.redemptionLimit === 'LIMITED' && offer.maxRedemptions !== null
    ? t('redeem.redeemedOfMax', { count: offer.redeemedCount ?? 0, max: offer.maxRedemptions })
    : String(offer.redeemedCount ?? 0);
}

/** The offer's first photo, small; a grey square when it has none or it does not load (the title beside it names the offer). */
function OfferThumbnail({ imageUrl }: { imageUrl: string | null }) {
  const [isBroken, setIsBroken] = useState(false);
  if (!imageUrl || isBroken) {
    return (
      <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500" data-testid="offer-thumbnail">
        <ImageOff className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={imageUrl}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      onError={() => setIsBroken(true)}
      className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
      data-testid="offer-thumbnail"
    />
  );
}

/** This week's numbers of one offer: a dash each while they load or when they could not be read. */
function WeekFigures({ figures, testId }: { figures: WeekNumbers | undefined; testId: string }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const shown = (value: number | undefined) => (value === undefined ? orDash(null) : number.format(value));
  const items = [
    { key: 'views', label: t('weekNumbers.views'), value: shown(figures?.views) },
    { key: 'saves', label: t('weekNumbers.saves'), value: shown(figures?.saves) },
    { key: 'codes', label: t('weekNumbers.codes'), value: shown(figures?.claims) },
    { key: 'redemptions', label: t('weekNumbers.redemptions'), value: shown(figures?.redemptions) },
  ];
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3 gap-y-0.5 text-sm" data-testid={testId}>
      {items.map((item) => (
        <div key={item.key} className="contents" data-testid={`week-${item.key}`}>
          <dt className="text-slate-600">{item.label}</dt>
          <dd className="text-end font-semibold text-slate-900 tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Edit, and Pause (Resume for a paused offer) through the offer's status call; each names its offer for screen readers. */
function RowActions({ offer, titleId, onView }: { offer: Offer; titleId: string; onView: (offerId: number) => void }) {
  const { t } = useTranslation();
  const changeStatus = useChangeOfferStatus();
  const action = offer.status === 'ACTIVE' ? 'pause' : offer.status === 'PAUSED' ? 'resume' : null;
  const ActionIcon = action === 'pause' ? Pause : Play;
  return (
    <div className="flex flex-col items-stretch gap-2 md:flex-row md:flex-wrap md:items-center">
      {/* The title describes the button, so each 'View' says which offer it opens. */}
      <Button variant="secondary" aria-describedby={titleId} onClick={() => onView(offer.offerId)} className="py-1.5">
        <Eye aria-hidden="true" className="size-4" />
        {t('offersList.view')}
      </Button>
      <Link
        to={paths.editOffer(offer.offerId)}
        aria-describedby={titleId}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t('offersList.edit')}
      </Link>
      {action ? (
        <Button
          variant="secondary"
          aria-describedby={titleId}
          disabled={changeStatus.isPending}
          aria-busy={changeStatus.isPending}
          onClick={() => changeStatus.mutate({ offerId: offer.offerId, action })}
          className="py-1.5"
        >
          <ActionIcon aria-hidden="true" className="size-4" />
          {t(`offersList.${action}`)}
        </Button>
      ) : null}
      {changeStatus.error ? <Alert>{translateError(t, changeStatus.error)}</Alert> : null}
    </div>
  );
}

function OffersTableBody({
  offers,
  figuresOf,
  onView,
}: {
  offers: Offer[];
  figuresOf: (offerId: number) => WeekNumbers | undefined;
  onView: (offerId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const rowId = useId();
  return (
    <tbody className="divide-y divide-slate-200">
      {offers.map((offer) => {
        const titleId = `${rowId}-${offer.offerId}`;
        const category = orDash(offer.category ? categoryName(t, offer.category) : null);
        const validity = t('offersList.validity', { start: formatDate(offer.startDate, i18n.language), end: formatDate(offer.endDate, i18n.language) });
        const redeemed = redeemedText(t, offer);
        const figures = figuresOf(offer.offerId);
        return (
          <tr key={offer.offerId} className="align-top hover:bg-slate-50">
            <td className="px-4 py-3 md:min-w-56">
              <div className="flex items-start gap-3">
                <OfferThumbnail imageUrl={offer.imageUrl} />
                <span id={titleId} className="min-w-0 pt-1 font-medium break-words text-slate-900">
                  {offer.title}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700 md:hidden">
                <dt className="text-xs font-semibold text-slate-600 uppercase">{t('offersList.colCategory')}</dt>
                <dd>{category}</dd>
                <dt className="text-xs font-semibold text-slate-600 uppercase">{t('offersList.colValidity')}</dt>
                <dd>{validity}</dd>
                <dt className="text-xs font-semibold text-slate-600 uppercase">{t('offersList.colStatus')}</dt>
                <dd>
                  <StatusBadge status={offer.status} />
                </dd>
                <dt className="text-xs font-semibold text-slate-600 uppercase">{t('redeem.colRedeemed')}</dt>
                <dd data-testid="offer-redeemed-narrow">{redeemed}</dd>
                <dt className="text-xs font-semibold text-slate-600 uppercase">{t('weekNumbers.colThisWeek')}</dt>
                <dd>
                  <WeekFigures figures={figures} testId="offer-week-narrow" />
                </dd>
              </dl>
            </td>
            <td className={`${WIDE_ONLY} px-4 py-3 text-slate-700`}>{category}</td>
            <td className={`${WIDE_ONLY} px-4 py-3 whitespace-nowrap text-slate-700`}>{validity}</td>
            <td className={`${WIDE_ONLY} px-4 py-3`}>
              <StatusBadge status={offer.status} />
            </td>
            <td data-testid="offer-redeemed" className={`${WIDE_ONLY} px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums`}>
              {redeemed}
            </td>
            <td className={`${WIDE_ONLY} px-4 py-3`}>
              <WeekFigures figures={figures} testId="offer-week" />
            </td>
            <td className="px-4 py-2">
              <RowActions offer={offer} titleId={titleId} onView={onView} />
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

const COLUMNS = [
  { key: 'offersList.colTitle', className: 'text-start' },
  { key: 'offersList.colCategory', className: `${WIDE_ONLY} text-start` },
  { key: 'offersList.colValidity', className: `${WIDE_ONLY} text-start` },
  { key: 'offersList.colStatus', className: `${WIDE_ONLY} text-start` },
  { key: 'redeem.colRedeemed', className: `${WIDE_ONLY} text-start` },
  { key: 'weekNumbers.colThisWeek', className: `${WIDE_ONLY} text-start` },
  { key: 'offersList.colAction', className: 'text-start' },
] as const;

function OffersTableView({
  offers,
  figuresOf,
  labelledBy,
  onView,
}: {
  offers: Offer[];
  figuresOf: (offerId: number) => WeekNumbers | undefined;
  labelledBy: string;
  onView: (offerId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    // A safety net: between `md` and a wide screen the table scrolls sideways rather than widening the page.
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full text-sm md:min-w-[48rem]">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className={`px-4 py-3 ${column.className}`}>
                {t(column.key)}
              </th>
            ))}
          </tr>
        </thead>
        <OffersTableBody offers={offers} figuresOf={figuresOf} onView={onView} />
      </table>
    </div>
  );
}

export function OffersTable() {
  const { t } = useTranslation();
  const offers = useMyOffers();
  const week = useOfferFigures('recent');
  const headingId = useId();
  // The id, not the offer: after Pause/Resume the modal shows the refetched offer.
  const [viewedOfferId, setViewedOfferId] = useState<number | null>(null);
  const closeModal = useCallback(() => setViewedOfferId(null), []);
  const viewedOffer = offers.data?.find((offer) => offer.offerId === viewedOfferId);
  // An offer the answer does not list had no figure this week (it is newer than the answer): zeros, not dashes.
  const figuresOf = (offerId: number): WeekNumbers | undefined =>
    week.data ? (week.data.offers.find((figures) => figures.offerId === offerId) ?? NO_NUMBERS) : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {t('offersList.title')}
        </h1>
        <Link
          to={paths.addOffer}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('offersList.newOffer')}
        </Link>
      </div>
      {offers.isPending ? (
        <LoadingState />
      ) : offers.isError ? (
        <ErrorState error={offers.error} />
      ) : offers.data.length === 0 ? (
        <EmptyState message={t('messages.noOffersFound')} />
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('weekNumbers.weekNote', { days: OFFER_WEEK_DAYS })}</p>
          {week.isError ? <Alert>{t('weekNumbers.figuresFailed')}</Alert> : null}
          <OffersTableView offers={offers.data} figuresOf={figuresOf} labelledBy={headingId} onView={setViewedOfferId} />
        </>
      )}
      {viewedOffer ? <OfferModal offer={viewedOffer} onClose={closeModal} /> : null}
    </div>
  );
}
