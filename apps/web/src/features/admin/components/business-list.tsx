/**
 * The console's businesses, one state at a time (?status= in the URL, PENDING first): each with its owner, address,
 * documents and the decisions its state allows (VENDOR_DECISIONS): Approve / Refuse a pending one, Suspend an approved
 * one, Reinstate a suspended one. Refusing and suspending ask for the reason the owner will read. Each shows the shop's
 * dispute rate (issue 24) and, when opened, the history of its page (issue 28).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADMIN_VENDOR_FILTERS, DISPUTE_RATE_DAYS } from '@qrib/shared/trust-constants';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { translateError } from '../../../lib/i18n.ts';
import { useDecideVendor } from '../api/decide-vendor.ts';
import { useAdminVendors, type AdminVendor, type AdminVendorFilter } from '../api/get-admin-vendors.ts';
import { FileThumbs } from './file-thumbs.tsx';
import { PageHistory } from './page-history.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import '../../../lib/owner-strings.ts';
import '../../../lib/trust-strings.ts';

type Decision = 'ACTIVE' | 'REJECTED' | 'SUSPENDED';

function parseStatus(value: string | null): AdminVendorFilter {
  return ADMIN_VENDOR_FILTERS.find((status) => status === value) ?? 'PENDING';
}

function BusinessCard({ vendor }: { vendor: AdminVendor }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const decide = useDecideVendor();
  const [asking, setAsking] = useState<'REJECTED' | 'SUSPENDED' | null>(null);
  const name = vendor.businessName;

  const run = (status: Decision, reason?: string) => {
    decide.mutate(
      { vendorId: vendor.vendorId, status, reason },
      { onSuccess: () => setAsking(null) },
    );
  };

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="admin-business">
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {name}
      </h3>
      <p className="text-sm break-words text-slate-700">
        {t(`vendor.businessTypes.${vendor.businessType}`, { defaultValue: vendor.businessType })} · {vendor.businessAddress}
      </p>
      <p className="text-sm text-slate-700">{t('admin.owner', { username: vendor.owner.formerShopper ? t('trust.formerShopper') : vendor.owner.username })}</p>
      {vendor.statusChangedAt ? <p className="text-xs text-slate-600">{t('admin.since', { date: formatMaltaDateTime(vendor.statusChangedAt, i18n.language) })}</p> : null}
      {vendor.statusReason ? <p className="mt-2 text-sm break-words text-slate-800">{t('admin.reasonGiven', { reason: vendor.statusReason })}</p> : null}
      {/* Issue 24: how often the shop rejects receipts the automatic check verified, so it cannot bury reviews quietly. */}
      <p className="mt-1 text-sm text-slate-700" data-testid="admin-dispute-rate">
        {t('ownerEvidence.disputeRate', { disputes: vendor.disputeRate.disputes, autoVerified: vendor.disputeRate.autoVerified, days: DISPUTE_RATE_DAYS })}
      </p>

      <h4 className="mt-4 text-sm font-semibold text-slate-800">{t('admin.documents')}</h4>
      {vendor.documents.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.noDocuments')}</p>
      ) : (
        <FileThumbs
          files={vendor.documents.map((document) => ({ id: document.documentId, contentType: document.contentType, url: document.url }))}
          labelOf={(number) => t('admin.document', { number, business: name })}
        />
      )}

      <PageHistory vendorId={vendor.vendorId} />

      {!asking && decide.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {translateError(t, decide.error)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {vendor.status === 'PENDING' ? (
          <>
            <Button onClick={() => run('ACTIVE')} disabled={decide.isPending} aria-label={t('admin.approveLabel', { business: name })}>
              {t('admin.approve')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking('REJECTED')} aria-label={t('admin.refuseLabel', { business: name })}>
              {t('admin.refuse')}
            </Button>
          </>
        ) : null}
        {vendor.status === 'ACTIVE' ? (
          <Button variant="secondary" onClick={() => setAsking('SUSPENDED')} aria-label={t('admin.suspendLabel', { business: name })}>
            {t('admin.suspend')}
          </Button>
        ) : null}
        {vendor.status === 'SUSPENDED' ? (
          <Button onClick={() => run('ACTIVE')} disabled={decide.isPending} aria-label={t('admin.reinstateLabel', { business: name })}>
            {t('admin.reinstate')}
          </Button>
        ) : null}
      </div>
      {asking ? (
        <ReasonDialog
          title={asking === 'REJECTED' ? t('admin.refuseLabel', { business: name }) : t('admin.suspendLabel', { business: name })}
          submitLabel={asking === 'REJECTED' ? t('admin.refuse') : t('admin.suspend')}
          isPending={decide.isPending}
          error={decide.error}
          onSubmit={(reason) => run(asking, reason)}
          onClose={() => {
            setAsking(null);
            decide.reset();
          }}
        />
      ) : null}
    </article>
  );
}

export function BusinessList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const vendors = useAdminVendors(status);

  let body;
  if (vendors.isPending) body = <LoadingState />;
  else if (vendors.isError) body = <ErrorState error={vendors.error} />;
  else {
    const shown = vendors.data.pages.flatMap((page) => page.data);
    body =
      shown.length === 0 ? (
        <EmptyState message={t('admin.noBusinesses')} />
      ) : (
        <div className="space-y-4">
          {shown.map((vendor) => (
            <BusinessCard key={vendor.vendorId} vendor={vendor} />
          ))}
          {vendors.hasNextPage ? (
            <Button variant="secondary" onClick={() => void vendors.fetchNextPage()} disabled={vendors.isFetchingNextPage}>
              {vendors.isFetchingNextPage ? t('messages.loadingEllipsis') : t('admin.more')}
            </Button>
          ) : null}
        </div>
      );
  }

  return (
    <section aria-labelledby="admin-businesses">
      <h2 id="admin-businesses" className="mb-3 text-xl font-bold text-slate-900">
        {t('admin.businesses')}
      </h2>
      <div role="group" aria-label={t('admin.statusFilter')} className="mb-4 flex flex-wrap gap-2">
        {ADMIN_VENDOR_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === status}
            onClick={() => setSearchParams((current) => ({ ...Object.fromEntries(current), status: option }), { replace: true })}
            className={`min-h-11 rounded-full border px-4 py-1.5 text-sm font-semibold ${
              option === status ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
            }`}
          >
            {t(`admin.statuses.${option}`)}
          </button>
        ))}
      </div>
      {body}
    </section>
  );
}
