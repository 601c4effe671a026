/** Spec §2.4's Purchase Details block, filled from the chosen shop and offer (DESIGN.md §5), not sample data. */
import { useTranslation } from 'react-i18next';
import type { ReceiptOffer, ReceiptShop } from '@qrib/shared/receipt-schemas';
import { dateLocale, formatDate, formatDiscount, orDash } from '../../../lib/format.ts';
import { dateTimeFormat } from '../../../lib/intl-formats.ts';

export function PurchaseDetails({ shop, offer, fileCount }: { shop: ReceiptShop | undefined; offer: ReceiptOffer | undefined; fileCount: number }) {
  const { t, i18n } = useTranslation();
  const today = dateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium' }).format(new Date());
  const rows: [string, string][] = [
    [t('receipts.detailShop'), orDash(shop?.businessName)],
    [t('receipts.detailAddress'), orDash(shop?.businessAddress)],
    [t('receipts.detailOffer'), orDash(offer?.title)],
    [t('receipts.detailDiscount'), offer ? formatDiscount(t, offer.discountType, offer.discountValue) : '—'],
    [
      t('receipts.detailValidity'),
      offer ? t('receipts.validity', { start: formatDate(offer.startDate, i18n.language), end: formatDate(offer.endDate, i18n.language) }) : '—',
    ],
    [t('receipts.detailDate'), today],
    [t('receipts.detailFiles'), String(fileCount)],
  ];
  return (
    <section aria-labelledby="purchase-details-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="purchase-details-heading" className="mb-3 font-semibold text-slate-900">
        {t('receipts.purchaseDetails')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
