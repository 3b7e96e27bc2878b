import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the part that failed in the message: "The results panel". */
  area: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps one failing part from blanking the page. The query text lives in stores outside React, so
 * "Try again" remounts the part without losing anything.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`${this.props.area} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="notice notice-error">
        <p>
          {this.props.area} stopped working: {this.state.error.message}. Your query is kept.
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
