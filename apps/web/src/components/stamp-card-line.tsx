/**
 * Issue 29 §2: a shop's stamp card on its page and on its offers' pages: "3 of 10 stamps · A free coffee after 10
 * stamps", leading to the shopper's cards. Nothing while it loads, when the shop runs no card, or when it fails: the
 * page is about the shop, the line only a help.
 */
import { Stamp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { useShopStampCard } from '../lib/stamp-cards.ts';
import '../lib/stamp-strings.ts';

export function StampCardLine({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation();
  const card = useShopStampCard(vendorId);
  if (!card.data) return null;
  const { stampsRequired, rewardText, mine } = card.data;
  const collected = mine ? mine.stamps + mine.provisionalStamps : 0;
  return (
    <Link
      to={paths.stampCards}
      data-testid="stamp-card-line"
      className="flex min-h-11 items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2 text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <Stamp aria-hidden="true" className="size-5 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{t('stampCards.progress', { count: collected, total: stampsRequired })}</span>
        <span className="block text-sm break-words">
          <bdi>{t('stampCards.rewardAfter', { reward: rewardText, total: stampsRequired })}</bdi>
        </span>
        {mine && mine.provisionalStamps > 0 ? <span className="block text-sm">{t('stampCards.provisional', { count: mine.provisionalStamps })}</span> : null}
      </span>
    </Link>
  );
}
