/**
 * 'Download my data': what the archive holds, 'Prepare my data', 'Being prepared…' while the server builds it, then
 * the download link with its size and until when it works (in the reader's language).
 */
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataExport } from '@qrib/shared/account-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { dataExportUrl, useDataExport, useRequestDataExport } from '../api/data-export.ts';
import { SettingsSection } from './settings-section.tsx';
import { numberFormat } from '../../../lib/intl-formats.ts';

/** A file's size in the reader's language: bytes, kB or MB (decimal, as browsers show downloads). */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1_000 ? [bytes / 1_000, 'kilobyte'] : [bytes, 'byte'];
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

function ReadyExport({ dataExport }: { dataExport: DataExport }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-4 space-y-2">
      <a
        href={dataExportUrl(dataExport.exportId)}
        download
        data-testid="export-download"
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:w-auto"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('accountSettings.download', { size: formatFileSize(dataExport.sizeBytes ?? 0, i18n.language) })}
      </a>
      <p className="text-sm text-slate-600" data-testid="export-expires">
        {t('accountSettings.availableUntil', { time: formatMaltaDateTime(dataExport.expiresAt, i18n.language) })}
      </p>
    </div>
  );
}

export function DataExportSection({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const current = useDataExport();
  const request = useRequestDataExport();
  const dataExport = current.data ?? null;
  const isPending = dataExport?.status === 'PENDING';
  const canRequest = !current.isPending && !isPending && dataExport?.status !== 'READY';
  return (
    <SettingsSection title={t('accountSettings.exportTitle')} testId="data-export">
      <p className="mt-1 text-sm text-slate-700">{t('accountSettings.exportIntro')}</p>
      {isOwner ? <p className="mt-2 text-sm text-slate-700">{t('accountSettings.exportOwner')}</p> : null}
      <p className="mt-2 text-sm text-slate-600">{t('accountSettings.exportMail')}</p>
      {current.isError || request.isError ? (
        <div className="mt-3">
          <Alert>{t('accountSettings.requestFailed')}</Alert>
        </div>
      ) : null}
      {dataExport?.status === 'FAILED' ? (
        <div className="mt-3">
          <Alert>{t('accountSettings.exportFailed')}</Alert>
        </div>
      ) : null}
      {dataExport?.status === 'READY' ? <ReadyExport dataExport={dataExport} /> : null}
      {isPending ? (
        <div className="mt-4" data-testid="export-preparing">
          <Alert tone="info">{t('accountSettings.preparing')}</Alert>
        </div>
      ) : null}
      {canRequest ? (
        <Button className="mt-4 w-full sm:w-auto" disabled={request.isPending} data-testid="export-prepare" onClick={() => request.mutate()}>
          {request.isPending ? t('accountSettings.preparing') : dataExport?.status === 'FAILED' ? t('accountSettings.prepareAgain') : t('accountSettings.prepare')}
        </Button>
      ) : null}
    </SettingsSection>
  );
}
