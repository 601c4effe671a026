import { useTranslation } from 'react-i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { changeToneClass, formatEuro, isolateLtr } from '../format.ts';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

/** Spec §2.4: Users Nearby, Offers Viewed, Conversions, Avg. Order Value, each with its change (green when +). */
export function MetricCards({ metrics }: { metrics: VendorInsights['metrics'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const cards = [
    { key: 'usersNearby', label: t('vendorInsights.usersNearby'), value: number.format(metrics.usersNearby.value), change: metrics.usersNearby.change },
    { key: 'offersViewed', label: t('vendorInsights.offersViewed'), value: number.format(metrics.offersViewed.value), change: metrics.offersViewed.change },
    { key: 'conversions', label: t('vendorInsights.conversions'), value: number.format(metrics.conversions.value), change: metrics.conversions.change },
    {
      key: 'avgOrderValue',
      label: t('vendorInsights.avgOrderValue'),
      value: formatEuro(metrics.avgOrderValue.value, i18n.language),
      change: metrics.avgOrderValue.change,
    },
  ];
  return (
    <ul aria-label={t('vendorInsights.metricsLabel')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card.key} data-testid={`metric-${card.key}`} className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">{card.label}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="metric-value">
            {card.value}
          </p>
          <p className={`mt-1 text-xs font-semibold ${changeToneClass(card.change)}`} data-testid="metric-change">
            {t('vendorInsights.changeVsPrevious', { change: isolateLtr(card.change) })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The four cards' places while the figures are on their way: the labels at once, the figures' lines kept (a dash and
 * an unseen change line), so nothing below moves when the figures arrive (the trend section shifted by a layout
 * shift of 0.08 on a phone before, issue 27 §6).
 */
export function MetricCardsPlaceholder() {
  const { t } = useTranslation();
  const labels = [t('vendorInsights.usersNearby'), t('vendorInsights.offersViewed'), t('vendorInsights.conversions'), t('vendorInsights.avgOrderValue')];
  return (
    <div role="status">
      <span className="sr-only">{t('messages.loadingEllipsis')}</span>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {labels.map((label) => (
          <li key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-300">–</p>
            <p className="invisible mt-1 text-xs font-semibold">{t('vendorInsights.changeVsPrevious', { change: isolateLtr('+0%') })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
