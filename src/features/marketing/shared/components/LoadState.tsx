import { Link } from 'react-router-dom';

import { ListSkeleton } from './Toast';

import type { ApiErrorInfo } from '@/api';
import { routes } from '@/routes';
import { ErrorBlock } from '@/ui/ErrorBlock';

/** A section's loading or failure (with a retry); renders nothing once loaded. */
export function LoadState({
  status,
  error,
  label,
  onRetry,
  rows = 1,
}: {
  status: string;
  error: ApiErrorInfo | null;
  label: string;
  onRetry(): void;
  rows?: number;
}) {
  if (status === 'failed')
    return (
      <div className="mk-empty" role="alert">
        {label}加载失败{error?.message ? `：${error.message}` : ''}
        <button type="button" className="mk-more" onClick={onRetry}>
          重试
        </button>
      </div>
    );
  if (status === 'idle' || status === 'loading') return <ListSkeleton rows={rows} label={`正在加载${label}`} />;
  return null;
}

/** A link with no or a wrong id, or a thing that is not (or no longer) this adviser's. */
export function BadLink({ what, notFound }: { what: string; notFound?: boolean }) {
  return (
    <main className="mk-page">
      <ErrorBlock
        status={notFound ? 'empty' : 'default'}
        title={notFound ? `${what}不存在` : '链接无效'}
        description={notFound ? `这个${what}不存在，或不在您的服务范围内。` : `链接里没有有效的${what}编号。`}
      >
        <Link
          className="mk-btn"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: '0 16px',
            textDecoration: 'none',
          }}
          to={routes.marketMapIndex.getHref()}
        >
          返回工作台
        </Link>
      </ErrorBlock>
    </main>
  );
}
