/**
 * Spec §2.4 "Receipt upload" (/receipt-upload): the shop (and offer) the receipt is for, the upload card with
 * its 'Select Upload Option' dialog, previews, Purchase Details from the chosen shop's real data, 'Save &
 * Upload' with a progress bar and the spec's alerts, then My receipts. `?vendorId&offerId&visitId&claimId` preselect
 * the shop (Confirm Purchase on the shop-entry screen sends them).
 */
import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ReceiptShop } from '@qrib/shared/receipt-schemas';
import { MAX_RECEIPT_FILES, RECEIPT_ACCEPT } from '@qrib/shared/receipt-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { FilePreviewList } from '../../../components/ui/file-picker.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useReceiptShops } from '../api/get-receipt-shops.ts';
import { useUploadReceipt } from '../api/upload-receipt.ts';
import { MyReceipts } from './my-receipts.tsx';
import { PurchaseDetails } from './purchase-details.tsx';
import { UploadOptionsDialog } from './upload-options-dialog.tsx';
import { addReceiptFiles, uploadFailureMessage } from './upload-failure.ts';

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export function ReceiptUpload() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const shops = useReceiptShops();
  const visitVendorId = positiveId(searchParams.get('vendorId'));
  const [vendorId, setVendorId] = useState<number | undefined>(visitVendorId);
  const [offerId, setOfferId] = useState<number | undefined>(() => positiveId(searchParams.get('offerId')));
  const visitId = positiveId(searchParams.get('visitId'));
  // Opened from a redeemed code: the receipt names it, so the purchase counts once (issue 13).
  const claimId = positiveId(searchParams.get('claimId'));
  const [files, setFiles] = useState<File[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [progress, setProgress] = useState(0);
  const [alert, setAlert] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const upload = useUploadReceipt();

  const shop: ReceiptShop | undefined = shops.data?.data.find((entry) => entry.vendorId === vendorId);
  const offer = shop?.offers.find((entry) => entry.offerId === offerId);
  // A preselected offer that is not among the shop's current offers is simply not sent (`offer` is undefined).

  function addFiles(added: File[]) {
    if (added.length === 0) return;
    const next = addReceiptFiles(files, added, MAX_RECEIPT_FILES);
    setFiles(next.files);
    setAlert(next.tooMany ? { tone: 'error', text: t('messages.receiptTooManyFiles') } : null);
  }

  async function submit() {
    setAlert(null);
    if (files.length === 0) {
      setAlert({ tone: 'error', text: t('messages.receiptNoFiles') });
      return;
    }
    if (!shop) {
      setAlert({ tone: 'error', text: t('messages.receiptShopRequired') });
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({
        // The visit belongs to the shop the screen was opened for; another shop chosen since has no visit.
        upload: {
          vendorId: shop.vendorId,
          offerId: offer?.offerId,
          visitId: shop.vendorId === visitVendorId ? visitId : undefined,
          claimId: shop.vendorId === visitVendorId ? claimId : undefined,
          files,
        },
        onProgress: setProgress,
      });
      setFiles([]);
      setAlert({ tone: 'success', text: t('messages.receiptUploaded') });
    } catch (error) {
      setAlert({ tone: 'error', text: uploadFailureMessage(t, error) });
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('receipts.title')}</h1>
        <p className="mt-1 text-slate-700">{t('receipts.intro')}</p>
      </header>

      {alert ? (
        <Alert tone={alert.tone} focusOnShow>
          {alert.text}
        </Alert>
      ) : null}

      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {shops.isPending ? (
          <LoadingState />
        ) : shops.isError ? (
          <ErrorState error={shops.error} />
        ) : shops.data.data.length === 0 ? (
          <EmptyState
            message={t('receipts.noShops')}
            action={
              <Link to={paths.nearbyOffers} className="inline-block font-semibold text-brand-800 underline">
                {t('receipts.findOffers')}
              </Link>
            }
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('receipts.shopLabel')}
              hint={t('receipts.shopHint')}
              placeholder={t('receipts.shopPlaceholder')}
              value={shop ? String(shop.vendorId) : ''}
              onChange={(event) => {
                setVendorId(positiveId(event.target.value));
                setOfferId(undefined);
              }}
              options={shops.data.data.map((entry) => ({
                value: String(entry.vendorId),
                label: t('receipts.shopOption', { name: entry.businessName, reason: t(`receipts.reason${entry.reason}`) }),
              }))}
            />
            <SelectField
              label={t('receipts.offerLabel')}
              placeholder={t('receipts.noOffer')}
              disabled={!shop || shop.offers.length === 0}
              value={offer ? String(offer.offerId) : ''}
              onChange={(event) => setOfferId(positiveId(event.target.value))}
              options={(shop?.offers ?? []).map((entry) => ({ value: String(entry.offerId), label: entry.title }))}
            />
          </div>
        )}

        <button
          type="button"
          onClick={() => setDialogOpen(true)}
          className="flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 px-4 py-8 text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <ImagePlus aria-hidden="true" className="size-8" />
          <span className="font-semibold">{t('receipts.uploadCard')}</span>
          <span className="text-sm text-slate-700">{t('receipts.uploadCardHint')}</span>
        </button>

        <FilePreviewList
          label={t('receipts.chosenFiles')}
          files={files}
          onRemove={(index) => setFiles(files.filter((_, at) => at !== index))}
          nonImageLabel={(name) => t('receipts.pdfFile', { name })}
        />

        {files.length > 0 ? <PurchaseDetails shop={shop} offer={offer} fileCount={files.length} /> : null}

        {upload.isPending ? <ProgressBar percent={progress} /> : null}

        <Button onClick={() => void submit()} disabled={upload.isPending} className="w-full sm:w-auto">
          {upload.isPending ? t('receipts.uploading') : t('receipts.saveUpload')}
        </Button>
      </div>

      {dialogOpen ? <UploadOptionsDialog onClose={() => setDialogOpen(false)} onFiles={addFiles} accept={RECEIPT_ACCEPT} /> : null}

      <MyReceipts />
    </div>
  );
}
