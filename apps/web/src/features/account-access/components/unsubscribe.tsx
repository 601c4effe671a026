/**
 * /unsubscribe?token=… (issue 15): opening the page changes nothing (mail scanners open links); the reader turns
 * email notifications off with the button. A wrong link, or none, shows the link's message.
 */
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@qrib/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { translateMessage } from '../../../lib/i18n.ts';
import { useUnsubscribe } from '../api/account-access.ts';
import { failureText } from './failure-text.ts';
import { OnwardLink } from './verify-email.tsx';

export function Unsubscribe({ token, signedIn }: { token: string | null; signedIn: boolean | undefined }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe();

  if (token === null) {
    return (
      <div className="space-y-4">
        <Alert>{translateMessage(t, MESSAGES.unsubscribeLinkInvalid)}</Alert>
        <OnwardLink signedIn={signedIn} />
      </div>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          {t('accountAccess.unsubscribed')}
        </Alert>
        <OnwardLink signedIn={signedIn} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {unsubscribe.isError ? <Alert>{failureText(t, unsubscribe.error)}</Alert> : null}
      <p className="text-sm text-slate-700">{t('accountAccess.unsubscribeIntro')}</p>
      <Button className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? t('accountAccess.unsubscribing') : t('accountAccess.unsubscribeButton')}
      </Button>
      <OnwardLink signedIn={signedIn} />
    </div>
  );
}
