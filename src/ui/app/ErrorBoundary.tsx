import { Component, type ReactNode } from 'react';
import { RouteError } from './RouteError';

interface Props {
  children: ReactNode;
  /** A new value (the next path) gives a failed page a fresh chance, without remounting what rendered fine. */
  resetKey: string;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/** Catches a screen that fails to render (typically its code could not be downloaded). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
