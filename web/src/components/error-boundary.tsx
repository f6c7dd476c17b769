import { Component, type ErrorInfo, type ReactNode } from "react";

type ErrorBoundaryProps = {
  children: ReactNode;
  /** What is drawn instead of the children once they failed (null: nothing). */
  fallback: ReactNode;
  /** A new value (the next page, the next toast) clears the failure and draws the children again. */
  resetKey?: string | number;
  /** Says what failed, and repairs what must be rebuilt before the next try (a lazy component). */
  onError: (error: unknown, info: ErrorInfo) => void;
};

/**
 * Keeps a failure where it happened. Without a boundary, an error thrown while rendering (a chunk
 * that could not be fetched offline or after a deploy, a crash) makes React unmount the whole app:
 * an empty page. With one, only this part of the page gives way to its fallback.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
