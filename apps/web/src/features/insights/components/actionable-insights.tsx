import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActionableInsight } from '@qrib/shared/insight-schemas';
import { translateCode } from '../../../lib/i18n.ts';
import '../../../lib/owner-strings.ts';

/** Spec §2.4 Actionable Insights: cards worked out from the shop's own figures, each with a button to act. */
export function ActionableInsights({ insights }: { insights: ActionableInsight[] }) {
  const { t } = useTranslation();
  if (insights.length === 0) return <p className="text-sm text-slate-600">{t('vendorInsights.noInsights')}</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-3">
      {insights.map((insight) => (
        <li key={insight.kind} data-testid="insight-card" className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            <Lightbulb aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
            {translateCode(t, { code: insight.titleCode, params: {} })}
          </h3>
          <p className="mt-2 flex-1 text-sm text-slate-700">{translateCode(t, insight.messageCode)}</p>
          <Link
            to={insight.path}
            className="mt-3 inline-flex min-h-11 items-center self-start rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {translateCode(t, { code: insight.actionCode, params: {} })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
