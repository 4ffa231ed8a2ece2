import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the area in the message, e.g. "Inspector". */
  area: string;
  /** When this value changes, a caught error is cleared and the area renders again. */
  resetKey?: unknown;
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/**
 * Catches a render error in one area of the app and shows it there, so one failing view never
 * takes the whole debugger down. "Try again" re-renders the area.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(prev: Props): void {
    if (this.state.error !== null && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.area}]`, error, info.componentStack);
  }

  render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <div role="alert" className="boundary-error" data-testid="boundary-error">
        <strong>{this.props.area} failed to render:</strong> {this.state.error.message}
        <button type="button" onClick={() => this.setState({ error: null })}>Try again</button>
      </div>
    );
  }
}
