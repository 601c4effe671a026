/**
 * The loading, error and empty states every data screen moves through (spec §4). A screen says what to show
 * (its own words, a retry, a way out of an empty result); how a state is marked up and announced lives here.
 * `compact` is the look inside a small panel (the bell's), without the card around the text.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isConnectionFailure } from '../../lib/api-client.ts';
import { translateError } from '../../lib/i18n.ts';
import { Button } from './button.tsx';

interface StateLook {
  compact?: boolean;
}

/** While a query or the shopper's location is on its way: 'Loading...' unless the screen names what it waits for. */
export function LoadingState({ message, compact = false }: { message?: string } & StateLook) {
  const { t } = useTranslation();
  return (
    <p role="status" className={compact ? 'px-4 py-6 text-sm text-slate-700' : 'py-10 text-center text-slate-700'}>
      {message ?? t('messages.loadingEllipsis')}
    </p>
  );
}

export interface ErrorStateProps extends StateLook {
  /** The failure, read by its code: 'Error: <what went wrong>'. */
  error?: unknown;
  /** The screen's own sentence instead ('Failed to load offers'). */
  message?: string;
  /** A second, smaller line under the message. */
  hint?: string;
  /** Offers Retry beside the message. */
  onRetry?: () => void;
}

export function ErrorState({ error, message, hint, onRetry, compact = false }: ErrorStateProps) {
  const { t } = useTranslation();
  // No answer at all says so in plain words ('No connection — try again'), not as 'Error: …'.
  const text = message ?? (isConnectionFailure(error) ? translateError(t, error) : t('messages.errorWithMessage', { message: translateError(t, error) }));
  if (compact) {
    return (
      <p role="alert" className="px-4 py-6 text-sm text-red-800">
        {text}
      </p>
    );
  }
  if (onRetry) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-800">
        <span>{text}</span>
        <Button variant="secondary" onClick={onRetry}>
          {t('home.retry')}
        </Button>
      </div>
    );
  }
  if (hint !== undefined) {
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800">
        <p>{text}</p>
        <p className="text-sm">{hint}</p>
      </div>
    );
  }
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {text}
    </p>
  );
}

export interface EmptyStateProps extends StateLook {
  message: string;
  /** A second line saying what to try. */
  hint?: string;
  /** What the reader can do about it (clear the filters). */
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ message, hint, action, testId, compact = false }: EmptyStateProps) {
  if (compact) {
    return (
      <p className="px-4 py-6 text-sm text-slate-700" data-testid={testId}>
        {message}
      </p>
    );
  }
  if (hint === undefined && action === undefined) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700" data-testid={testId}>
        {message}
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700" data-testid={testId}>
      <p className="font-semibold text-slate-900">{message}</p>
      {hint === undefined ? null : <p className="mt-1 text-sm">{hint}</p>}
      {action === undefined ? null : <div className="mt-4">{action}</div>}
    </div>
  );
}
