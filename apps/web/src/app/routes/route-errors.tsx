import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: another one clears an error shown for the last (a link away from a broken screen works). */
  resetKey: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined, failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * Spec §8's generic error page for any error a route's screen throws while drawing (a screen's code that could not be
 * fetched included), in place of that route, until the address changes. The app's routes are declared on
 * react-router's declarative router (ADR 022, third addendum), which has no `errorElement`: this boundary is it.
 */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
