import { Component, type ReactNode } from 'react';
import { RouteError } from './RouteError';

/** Catches a screen that fails to render (typically its code could not be downloaded). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
