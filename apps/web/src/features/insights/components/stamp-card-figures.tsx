/**
 * The shop's stamp card in the period (issue 29 §2): cards shoppers started, cards completed (rewards issued) and
 * rewards redeemed at the till; with no card running and none of those, a way to start one.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { paths } from '../../../config/paths.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';
import { InsightSection } from './chart-parts.tsx';
import '../../../lib/stamp-strings.ts';

export function StampCardFigures({ stampCard }: { stampCard: VendorInsights['stampCard'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const figures = [
    { key: 'started', label: t('stampCardSettings.cardsStarted'), value: stampCard.cardsStarted },
    { key: 'completed', label: t('stampCardSettings.cardsCompleted'), value: stampCard.cardsCompleted },
    { key: 'redeemed', label: t('stampCardSettings.rewardsRedeemed'), value: stampCard.rewardsRedeemed },
  ];
  const quiet = !stampCard.running && figures.every((figure) => figure.value === 0);
  return (
    <InsightSection id="stamp-card-figures" title={t('stampCardSettings.insightsTitle')}>
      {quiet ? (
        <p className="text-sm text-slate-600">
          {t('stampCardSettings.insightsNone')}{' '}
          <Link to={paths.stampCardSettings} className="font-semibold text-brand-800 underline underline-offset-2">
            {t('stampCardSettings.insightsStart')}
          </Link>
        </p>
      ) : (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {figures.map((figure) => (
            <div key={figure.key} className="rounded-xl bg-slate-50 p-3" data-testid={`stamp-${figure.key}`}>
              <dt className="text-xs text-slate-600">{figure.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{number.format(figure.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </InsightSection>
  );
}
