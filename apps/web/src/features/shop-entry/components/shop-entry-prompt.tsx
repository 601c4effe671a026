/**
 * A small prompt on the shopper home for those who turned shop entry detection on: the device's position is
 * checked once and, when the shopper stands at a shop they were interested in, a link to answer about it.
 */
import { DoorOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDetectVisit } from '../api/detect-visit.ts';
import { useDevicePosition } from './use-device-position.ts';

export function ShopEntryPrompt() {
  const { t } = useTranslation();
  // The home asked for the position already; with the same options the browser answers from that fix.
  const position = useDevicePosition('once');
  const { mutate: detectAt, data: visit } = useDetectVisit();
  const asked = useRef(false);
  const point = position.status === 'ready' ? position.point : undefined;

  useEffect(() => {
    if (!point || asked.current) return;
    asked.current = true;
    detectAt(point);
  }, [point, detectAt]);

  // Nothing to say (or detection failed): the home stays as it is.
  if (!visit || visit.answer !== null) return null;
  return (
    <aside
      aria-label={t('nav.shopEntry')}
      className="mx-auto mb-4 flex max-w-5xl flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-brand-800"
      data-testid="shop-entry-prompt"
    >
      <DoorOpen aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 text-sm font-medium">{t('shopEntry.promptText', { business: visit.businessName })}</p>
      <Link to={paths.shopEntry} className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('shopEntry.promptLink')}
      </Link>
    </aside>
  );
}
