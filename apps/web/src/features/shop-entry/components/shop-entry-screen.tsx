/**
 * Shop entry recognition (spec §2.4): what it does, the switch that turns it on or off (kept on the server),
 * and while on, the device's position followed and the Detected shop card when the shopper stands at a shop
 * they were interested in. Confirm Purchase opens the receipt upload for that shop; Not Purchased is recorded
 * and the card does not come back for that visit. Below, the spec's five-icon bar.
 */
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { haversineKm } from '@qrib/shared/geo';
import type { ShopVisit } from '@qrib/shared/visit-schemas';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useAnswerVisit } from '../api/answer-visit.ts';
import { useDetectVisit, type DevicePoint } from '../api/detect-visit.ts';
import { useUpdateShopEntryDetection } from '../api/update-shop-entry-detection.ts';
import { DetectedShopCard } from './detected-shop-card.tsx';
import { ShopEntryBottomBar } from './shop-entry-bottom-bar.tsx';
import { useDevicePosition } from './use-device-position.ts';

/** A new detection is asked for only after the device moved this far (a standing phone reports jitter). */
const REDETECT_DISTANCE_KM = 0.025;

/** The receipt screen for the visit's shop, with the visit and (when known) the offer. */
export function receiptUploadUrl(visit: ShopVisit): string {
  const params = new URLSearchParams({ vendorId: String(visit.vendorId), visitId: String(visit.visitId) });
  if (visit.offer) params.set('offerId', String(visit.offer.offerId));
  return `${paths.receiptUpload}?${params.toString()}`;
}

function DetectionSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateShopEntryDetection();
  const labelId = useId();
  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="font-semibold text-slate-900">
          {t('shopEntry.toggleLabel')}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          disabled={update.isPending}
          onClick={() => update.mutate(!on)}
          className="flex min-h-11 items-center gap-2 rounded-full p-1 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
        >
          <span className={`flex h-6 w-11 items-center rounded-full p-0.5 transition-colors ${on ? 'bg-brand-700' : 'bg-slate-400'}`}>
            <span
              className={`size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'}`}
            />
          </span>
          <span aria-hidden="true">{on ? t('shopEntry.on') : t('shopEntry.off')}</span>
        </button>
      </div>
      {update.isError ? <ErrorState error={update.error} /> : null}
    </div>
  );
}

function LocationProblem({ unsupported, denied }: { unsupported: boolean; denied: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5" />
        {t('messages.locationErrorTitle')}
      </h2>
      <p>
        {unsupported ? t('messages.customerGeoUnsupported') : t('messages.customerGeoFailed')}
        {denied ? ` ${t('messages.customerGeoDenied')}` : ''}
      </p>
      <p className="text-sm">{t('messages.enableLocationBanner')}</p>
    </div>
  );
}

/** Follows the device and asks the server; shows the card for a visit waiting for its answer. */
function ShopDetector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const position = useDevicePosition('watch');
  const detect = useDetectVisit();
  const answer = useAnswerVisit();
  const [answeredIds, setAnsweredIds] = useState<number[]>([]);
  const lastDetectedAt = useRef<DevicePoint | undefined>(undefined);

  const point = position.status === 'ready' ? position.point : undefined;
  const visit = detect.data && detect.data.answer === null && !answeredIds.includes(detect.data.visitId) ? detect.data : undefined;
  const isAwaitingAnswer = visit !== undefined;
  const { mutate: detectAt, isPending: isDetecting } = detect;

  useEffect(() => {
    if (!point || isDetecting || isAwaitingAnswer) return;
    const last = lastDetectedAt.current;
    if (last && haversineKm(last.latitude, last.longitude, point.latitude, point.longitude) < REDETECT_DISTANCE_KM) return;
    lastDetectedAt.current = point;
    detectAt(point);
  }, [point, isDetecting, isAwaitingAnswer, detectAt]);

  const thanked = answeredIds.length > 0 && !visit;

  let body;
  if (position.status === 'detecting') {
    body = <LoadingState message={t('messages.detectingLocation')} />;
  } else if (position.status === 'error') {
    body = <LocationProblem unsupported={position.unsupported} denied={position.denied} />;
  } else if (visit) {
    body = (
      <DetectedShopCard
        visit={visit}
        busy={answer.isPending}
        onConfirmPurchase={() =>
          answer.mutate({ visitId: visit.visitId, answer: 'PURCHASED' }, { onSuccess: () => void navigate(receiptUploadUrl(visit)) })
        }
        onNotPurchased={() =>
          answer.mutate(
            { visitId: visit.visitId, answer: 'NOT_PURCHASED' },
            { onSuccess: () => setAnsweredIds((ids) => [...ids, visit.visitId]) },
          )
        }
      />
    );
  } else if (detect.isError) {
    body = <ErrorState error={detect.error} />;
  } else if (thanked) {
    body = (
      <p role="status" className="flex items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900" data-testid="shop-entry-thanks">
        <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
        {t('shopEntry.thanks')}
      </p>
    );
  } else {
    body = (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-slate-700" data-testid="shop-entry-status">
        {detect.data === null ? t('shopEntry.noShopNearby') : t('shopEntry.watching')}
      </p>
    );
  }

  return (
    <section aria-label={t('shopEntry.detectedTitle')} className="space-y-3">
      {body}
      {answer.isError ? <ErrorState error={answer.error} /> : null}
    </section>
  );
}

export function ShopEntryScreen({ detectionOn }: { detectionOn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{t('nav.shopEntry')}</h1>
        <p className="text-slate-700">{t('shopEntry.intro')}</p>
      </header>
      <DetectionSwitch on={detectionOn} />
      {detectionOn ? (
        <ShopDetector />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-slate-700" data-testid="shop-entry-off">
          {t('shopEntry.offHint')}
        </p>
      )}
      <section aria-labelledby="shop-entry-how" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="shop-entry-how" className="font-semibold text-slate-900">
          {t('shopEntry.howTitle')}
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
          <li>{t('shopEntry.ruleShops')}</li>
          <li>{t('shopEntry.ruleDistance')}</li>
          <li>{t('shopEntry.rulePrivacy')}</li>
          <li>{t('shopEntry.ruleOnce')}</li>
        </ul>
      </section>
      <ShopEntryBottomBar />
    </div>
  );
}
