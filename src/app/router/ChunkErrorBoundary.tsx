import { Component, type CSSProperties, type ErrorInfo, type ReactNode } from 'react';

import { isChunkLoadError, resetFailedScreens } from './lazy-screen';

interface Props {
  /** A new value (the next address) clears the error, so leaving a broken screen just works. */
  resetKey: string;
  homeHref: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

// Inline styles: part of the entry chunk, must not depend on the UI kit or a stylesheet.
const wrap: CSSProperties = { padding: '96px 24px', textAlign: 'center', color: 'var(--app-color-text)', fontSize: 15 };
const hint: CSSProperties = { color: 'var(--app-color-text-weak)', fontSize: 13, margin: '8px 0 24px' };
const button: CSSProperties = {
  display: 'inline-block',
  minWidth: 120,
  padding: '10px 20px',
  border: 'none',
  borderRadius: 20,
  background: 'var(--app-color-primary)',
  color: 'var(--app-color-text-inverse)',
  fontSize: 15,
};
const link: CSSProperties = {
  display: 'block',
  marginTop: 16,
  color: 'var(--app-color-primary)',
  fontSize: 14,
  textDecoration: 'none',
};

/**
 * Catches a screen that failed to load or render. Chunk downloads fail on weak mobile networks,
 * so the first remedy is a retry that downloads the chunk again without reloading the app.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  private readonly retry = () => {
    resetFailedScreens();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div role="alert" style={wrap}>
        <div>{chunk ? '页面加载失败' : '页面出错了'}</div>
        <div style={hint}>{chunk ? '网络不太稳定，请检查网络后重试' : '请稍后重试'}</div>
        <button type="button" style={button} onClick={this.retry}>
          重试
        </button>
        {/* A full page load: also recovers when a new release has replaced the old chunks. */}
        <a href={this.props.homeHref} style={link}>
          返回首页
        </a>
      </div>
    );
  }
}
