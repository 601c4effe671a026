import { useParams } from 'react-router';
import { LoadingState } from '../../components/ui/data-states.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { CodeScreen } from '../../features/claims/components/code-screen.tsx';
import { MyCodes } from '../../features/claims/components/my-codes.tsx';

/** /codes: the shopper's codes (issue 13). */
export function CodesRoute() {
  const userId = useMe().data?.id;
  return userId === undefined ? <LoadingState /> : <MyCodes userId={userId} />;
}

/** /codes/:claimId: one code, as shown at the till; an id that cannot exist reads as not found. */
export function CodeRoute() {
  const { claimId } = useParams();
  const userId = useMe().data?.id;
  return userId === undefined ? <LoadingState /> : <CodeScreen claimId={Number(claimId)} userId={userId} />;
}
