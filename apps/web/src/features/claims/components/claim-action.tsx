/**
 * The offer page's 'Get code' (issue 13): claims the shopper's code and opens it; 'Show my code' once they have one,
 * and when it was redeemed at the till, 'Redeemed on …' (Malta's clock).
 * Above it the units left, and who may claim (new or premium customers); a sold-out offer says so beside a
 * disabled button, and a refusal of the API (audience, paused, ended, not started, sold out) shows its reason.
 */
import { Ticket } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PREMIUM_VERIFIED_PURCHASES } from '@qrib/shared/claim-constants';
import type { Offer } from '@qrib/shared/offer-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/i18n.ts';
import { useClaimOffer } from '../api/claim-offer.ts';
import { useMyClaims } from '../api/get-my-claims.ts';
import { formatMaltaDateTime, unitsLeftText } from '../../../lib/format.ts';

type ClaimableOffer = Pick<Offer, 'offerId' | 'remaining' | 'targetAudience'>;

function AudienceRule({ audience }: { audience: Offer['targetAudience'] }) {
  const { t } = useTranslation();
  if (audience === 'NEW_CUSTOMERS') return <p className="text-sm text-slate-700" data-testid="audience-rule">{t('messages.newCustomersRule')}</p>;
  if (audience === 'PREMIUM_CUSTOMERS') {
    return (
      <p className="text-sm text-slate-700" data-testid="audience-rule">
        {t('messages.premiumRule', { count: PREMIUM_VERIFIED_PURCHASES })}
      </p>
    );
  }
  return null;
}

export function ClaimAction({ offer, userId }: { offer: ClaimableOffer; userId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const reasonId = useId();
  const claims = useMyClaims(userId);
  const claim = useClaimOffer(userId);
  const mine = claims.data?.data.find((other) => other.offerId === offer.offerId);
  const soldOut = offer.remaining === 0;
  const getCode = async () => {
    const { data } = await claim.mutateAsync(offer.offerId);
    await navigate(paths.code(data.claimId));
  };
  return (
    <section aria-label={t('codes.getCode')} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="claim-action">
      {offer.remaining === null ? null : (
        <p className={`text-base font-semibold ${soldOut ? 'text-red-800' : 'text-slate-900'}`} id={reasonId} data-testid="units-left">
          {unitsLeftText(t, offer.remaining)}
        </p>
      )}
      <AudienceRule audience={offer.targetAudience} />
      {mine?.status === 'REDEEMED' && mine.redeemedAt ? (
        <p className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-base font-semibold text-sky-900" data-testid="claim-redeemed">
          {t('codes.redeemedAt', { time: formatMaltaDateTime(mine.redeemedAt, i18n.language) })}
        </p>
      ) : mine ? (
        <Link
          to={paths.code(mine.claimId)}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:w-auto"
        >
          <Ticket aria-hidden="true" className="size-5" />
          {t('codes.showCode')}
        </Link>
      ) : (
        <Button
          className="min-h-12 w-full text-base sm:w-auto"
          disabled={soldOut || claim.isPending}
          aria-describedby={soldOut ? reasonId : undefined}
          onClick={() => void getCode().catch(() => undefined)}
        >
          <Ticket aria-hidden="true" className="size-5" />
          {claim.isPending ? t('codes.gettingCode') : t('codes.getCode')}
        </Button>
      )}
      {claim.isError ? <Alert>{translateError(t, claim.error)}</Alert> : null}
    </section>
  );
}
