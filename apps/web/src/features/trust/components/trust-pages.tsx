/**
 * The public pages of issue 14, open signed out (DESIGN.md §5): 'How ratings and reviews work' (Directive 2019/2161's
 * information on how reviews are checked) and 'How offers are ordered' (Directive 2005/29 Art. 7(4a)). Every number
 * is read from packages/shared, never written in the text. Issue 24 (ADR 016) adds what each proof of purchase shows,
 * 'Ask the shop to check', established accounts, disputed reviews, whose purchases the trust level counts and the
 * suspicious-activity hold; ordering gains that ratings and trust levels do not move offers.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRUST_LEVELS } from '@qrib/shared/insight-constants';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import {
  DISPUTE_RATE_DAYS,
  ESTABLISHED_ACCOUNT_DAYS,
  ESTABLISHED_OTHER_SHOPS,
  RANKING_PARAMETERS,
  RATING_WINDOW_MONTHS,
  REPORTS_PER_HOUR,
  REVIEWABLE_PURCHASES,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
  SUSPICIOUS_BURST_ACCOUNTS,
  SUSPICIOUS_BURST_WINDOW_MINUTES,
  SUSPICIOUS_NEW_ACCOUNT_DAYS,
  TRUST_PURCHASES_PER_SHOPPER_DAY,
} from '@qrib/shared/trust-constants';
import { paths } from '../../../config/paths.ts';
import '../../../lib/trust-strings.ts';

/** What each kind of proof of purchase shows (ADR 016's table), in the order the page explains them. */
const PROOFS = ['TILL_CODE', 'RECEIPT_PHOTO', 'PDF', 'SHOP_CONFIRMATION', 'ADMIN_SETTLEMENT'] as const;

function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="min-h-dvh bg-slate-50 px-4 py-8">
      <article className="mx-auto max-w-3xl space-y-5 rounded-2xl border border-slate-200 bg-white p-5 text-slate-800 sm:p-8">
        <Link to={paths.home} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {t('trust.backToQrib')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </article>
    </main>
  );
}

function Part({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      {children}
    </section>
  );
}

export function HowRatingsWork() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('trust.howRatingsLink')}>
      <Part heading={t('trust.ratingsPage.whoHeading')}>
        <p>{t('trust.ratingsPage.whoIntro')}</p>
        <ul className="list-disc space-y-1 ps-6" data-testid="reviewable-purchases">
          {REVIEWABLE_PURCHASES.map((purchase) => (
            <li key={purchase}>{t(`trust.ratingsPage.purchases.${purchase}`)}</li>
          ))}
        </ul>
        <p>{t('trust.ratingsPage.ownerOnly')}</p>
        <p>{t('trust.ratingsPage.window', { days: REVIEW_WINDOW_DAYS, min: REVIEW_STARS_MIN, max: REVIEW_STARS_MAX, textMax: REVIEW_TEXT_MAX })}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.evidenceHeading')}>
        <p>{t('trust.ratingsPage.evidenceIntro')}</p>
        <ul className="list-disc space-y-1 ps-6" data-testid="proofs">
          {PROOFS.map((proof) => (
            <li key={proof}>{t(`trust.ratingsPage.proofs.${proof}`)}</li>
          ))}
        </ul>
      </Part>
      <Part heading={t('trust.ratingsPage.askShopHeading')}>
        <p>{t('trust.ratingsPage.askShop')}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.establishedHeading')}>
        <p>{t('trust.ratingsPage.established', { days: ESTABLISHED_ACCOUNT_DAYS, shops: ESTABLISHED_OTHER_SHOPS })}</p>
        <p>{t('trust.ratingsPage.held')}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.publishedHeading')}>
        <p>{t('trust.ratingsPage.published')}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.disputeHeading')}>
        <p>{t('trust.ratingsPage.dispute')}</p>
        <p>{t('trust.ratingsPage.disputeRate', { days: DISPUTE_RATE_DAYS })}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.ratingHeading')}>
        <p>{t('trust.ratingsPage.rating', { months: RATING_WINDOW_MONTHS })}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.levelsHeading')}>
        <p>{t('trust.ratingsPage.levelsIntro', { perDay: TRUST_PURCHASES_PER_SHOPPER_DAY })}</p>
        <ul className="list-disc space-y-1 ps-6" data-testid="trust-levels">
          {TRUST_LEVELS.map(({ level, minVerifiedPurchases }) => (
            <li key={level}>{t('trust.ratingsPage.level', { level: t(`trust.levels.${level}`), count: minVerifiedPurchases })}</li>
          ))}
        </ul>
        <p>{t('trust.ratingsPage.levelsCounted')}</p>
        <p>{t('trust.ratingsPage.confirmations')}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.suspiciousHeading')}>
        <p>
          {t('trust.ratingsPage.suspicious', {
            accounts: SUSPICIOUS_BURST_ACCOUNTS,
            days: SUSPICIOUS_NEW_ACCOUNT_DAYS,
            minutes: SUSPICIOUS_BURST_WINDOW_MINUTES,
          })}
        </p>
        <p>{t('trust.ratingsPage.suspiciousCounts')}</p>
      </Part>
      <Part heading={t('trust.ratingsPage.reportsHeading')}>
        <p>{t('trust.ratingsPage.reports', { perHour: REPORTS_PER_HOUR })}</p>
      </Part>
    </InfoPage>
  );
}

export function HowOffersAreOrdered() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('trust.howOffersLink')}>
      <p>{t('trust.offersPage.intro')}</p>
      <ul className="list-disc space-y-2 ps-6" data-testid="ranking-parameters">
        {RANKING_PARAMETERS.map((parameter) => (
          <li key={parameter}>{t(`trust.offersPage.parameters.${parameter}`, { km: NEARBY_RADIUS_KM })}</li>
        ))}
      </ul>
      <p>{t('trust.offersPage.notRated')}</p>
      <p className="font-semibold">{t('trust.offersPage.notPaid')}</p>
    </InfoPage>
  );
}
