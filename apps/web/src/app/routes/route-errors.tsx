import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** The navigation shown: another one (a link, Back, a new search) clears an error shown for the last. */
  resetKey: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(previousProps: BoundaryProps, previousState: { failed: boolean }) {
    // An error shown before this navigation gives way; one the new address's screen has just thrown stays.
    if (previousState.failed && this.state.failed && previousProps.resetKey !== this.props.resetKey) this.setState({ error: undefined, failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * Spec §8's generic error page for any error a route's screen throws while drawing (a screen's code that could not be
 * fetched included), in place of that route, until the next navigation. The app's routes are declared on
 * react-router's declarative router (ADR 022, third addendum), which has no `errorElement`: this boundary is it.
 */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <RouteErrorBoundary resetKey={key}>{children}</RouteErrorBoundary>;
}
