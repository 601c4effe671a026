/**
 * Issue 29 §2: a shopper's stamp-card rewards, each a code for the shop's till with its state and expiry (under My
 * codes, and on each card of the stamp cards screen). A ready reward shows its QR, as a code for an offer does.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClaimCode } from '@qrib/shared/claim-constants';
import type { StampReward } from '@qrib/shared/stamp-card-schemas';
import { paths } from '../config/paths.ts';
import { formatMaltaDay } from '../lib/format.ts';
import { useMyStampCards } from '../lib/stamp-cards.ts';
import { ClaimQr } from './code-qr.tsx';
import '../lib/stamp-strings.ts';

const BADGE = {
  ACTIVE: 'bg-emerald-100 text-emerald-900',
  REDEEMED: 'bg-slate-200 text-slate-800',
  EXPIRED: 'bg-slate-200 text-slate-800',
  REVOKED: 'bg-red-100 text-red-900',
} as const;

function statusText(t: ReturnType<typeof useTranslation>['t'], reward: StampReward, language: string): string {
  if (reward.status === 'REDEEMED') return t('stampCards.statusRedeemed', { date: formatMaltaDay(reward.redeemedAt ?? reward.createdAt, language) });
  if (reward.status === 'EXPIRED') return t('stampCards.statusExpired');
  if (reward.status === 'REVOKED') return t('stampCards.statusRevoked');
  return t('stampCards.statusActive');
}

export function StampRewardsList({ rewards, showShop = false }: { rewards: StampReward[]; showShop?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="space-y-3" data-testid="stamp-rewards">
      {rewards.map((reward) => {
        const code = formatClaimCode(reward.code);
        return (
          <li key={reward.rewardId} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="stamp-reward">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  <bdi>{t('stampCards.reward', { reward: reward.rewardText })}</bdi>
                </p>
                {showShop ? (
                  <p className="text-sm text-slate-700">
                    <bdi>{reward.businessName}</bdi>
                  </p>
                ) : null}
              </div>
              <span className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGE[reward.status]}`}>{statusText(t, reward, i18n.language)}</span>
            </div>
            <p className="text-sm text-slate-700">
              {t('stampCards.code')}:{' '}
              <span dir="ltr" className="font-mono text-base font-bold text-slate-900">
                {code}
              </span>
            </p>
            {/* How long it holds, while it may still be used (an expired one says so in its badge). */}
            {reward.status === 'ACTIVE' ? (
              <p className="text-sm text-slate-700">
                {reward.expiresAt ? t('stampCards.validUntil', { date: formatMaltaDay(reward.expiresAt, i18n.language) }) : t('stampCards.noExpiry')}
              </p>
            ) : null}
            {reward.status === 'ACTIVE' ? (
              <>
                <ClaimQr code={reward.code} label={t('codes.qrAlt', { code })} />
                <p className="text-center text-sm text-slate-700">{t('stampCards.showAtTill')}</p>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Under My codes: the shopper's stamp-card rewards still to use, from every shop (nothing while they load, when there
 * is none, or when they fail: the codes above are the screen's subject), and a link to the cards.
 */
export function MyRewardsSection() {
  const { t } = useTranslation();
  const cards = useMyStampCards();
  const ready = (cards.data?.data ?? []).flatMap((card) => card.rewards).filter((reward) => reward.status === 'ACTIVE');
  if (ready.length === 0) return null;
  return (
    <section aria-labelledby="my-rewards" className="space-y-3" data-testid="my-rewards">
      <h2 id="my-rewards" className="text-lg font-semibold text-slate-900">
        {t('stampCards.rewardsTitle')}
      </h2>
      <StampRewardsList rewards={ready} showShop />
      <Link to={paths.stampCards} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2">
        {t('stampCards.openCards')}
      </Link>
    </section>
  );
}
