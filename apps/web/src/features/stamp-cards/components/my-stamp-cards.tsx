/**
 * /stamp-cards (issue 29 §2): the shopper's pass (the QR a cashier scans for a purchase without an offer), then each
 * shop's card: stamps of the number the reward needs, stamps still waiting for the account to be established, and the
 * rewards it gave, as codes for the till.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyStampCard } from '@qrib/shared/stamp-card-schemas';
import { BrowseOffersLink } from '../../../components/browse-offers-link.tsx';
import { ClaimQr } from '../../../components/code-qr.tsx';
import { StampRewardsList } from '../../../components/stamp-rewards-list.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyStampCards } from '../../../lib/stamp-cards.ts';
import '../../../lib/stamp-strings.ts';

/** The stamps as a row of circles, filled for each collected one (the text says the same for screen readers). */
function StampDots({ filled, waiting, total }: { filled: number; waiting: number; total: number }) {
  return (
    <div aria-hidden="true" className="flex flex-wrap gap-1.5">
      {Array.from({ length: total }, (_, index) => (
        <span
          key={index}
          className={`size-6 rounded-full border-2 ${
            index < filled ? 'border-amber-600 bg-amber-500' : index < filled + waiting ? 'border-dashed border-amber-600 bg-amber-100' : 'border-slate-300 bg-white'
          }`}
        />
      ))}
    </div>
  );
}

function CardItem({ card }: { card: MyStampCard }) {
  const { t } = useTranslation();
  const headingId = `stamp-card-${card.vendorId}`;
  return (
    <li>
      <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="stamp-card">
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          <Link to={paths.shop(card.vendorId)} className="underline-offset-2 hover:underline">
            <bdi>{card.businessName}</bdi>
          </Link>
        </h2>
        {card.running ? (
          <>
            <p className="font-semibold text-slate-900" data-testid="stamp-progress">
              {t('stampCards.progress', { count: card.stamps + card.provisionalStamps, total: card.stampsRequired })}
            </p>
            <StampDots filled={card.stamps} waiting={card.provisionalStamps} total={card.stampsRequired} />
            <p className="text-slate-700">
              <bdi>{t('stampCards.rewardAfter', { reward: card.rewardText, total: card.stampsRequired })}</bdi>
            </p>
            {card.provisionalStamps > 0 ? <p className="text-sm text-slate-700">{t('stampCards.provisional', { count: card.provisionalStamps })}</p> : null}
          </>
        ) : (
          <p className="text-slate-700">{t('stampCards.ended')}</p>
        )}
        {card.rewards.length > 0 ? (
          <div className="space-y-2">
            <h3 className="font-semibold text-slate-900">{t('stampCards.rewardsTitle')}</h3>
            <StampRewardsList rewards={card.rewards} />
          </div>
        ) : null}
      </section>
    </li>
  );
}

export function MyStampCards() {
  const { t } = useTranslation();
  const cards = useMyStampCards();
  let list;
  if (cards.isPending) list = <LoadingState />;
  else if (cards.isError) list = <ErrorState error={cards.error} />;
  else if (cards.data.data.length === 0) list = <EmptyState message={t('stampCards.empty')} action={<BrowseOffersLink />} />;
  else {
    list = (
      <ul className="space-y-4" data-testid="stamp-cards">
        {cards.data.data.map((card) => (
          <CardItem key={card.vendorId} card={card} />
        ))}
      </ul>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('stampCards.title')}</h1>
        <p className="mt-1 text-slate-600">{t('stampCards.intro')}</p>
      </header>
      {cards.data ? (
        <section aria-labelledby="stamp-pass-title" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-center sm:p-6" data-testid="stamp-pass">
          <h2 id="stamp-pass-title" className="text-lg font-semibold text-slate-900">
            {t('stampCards.passTitle')}
          </h2>
          <ClaimQr code={cards.data.pass} label={t('stampCards.passQr')} />
          <p className="text-sm text-slate-700">{t('stampCards.passHint')}</p>
        </section>
      ) : null}
      {list}
    </div>
  );
}
