import { Component, type ReactNode } from 'react';
import ServerErrorPage from '../features/errors/ServerErrorPage';

/** Shows the 50X page when a route throws while rendering; reset by changing `resetKey` (the location). */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}
