import { Link } from 'react-router-dom';

import { routes } from '@/routes';
import { ErrorBlock } from '@/ui/ErrorBlock';

/**
 * Every store page that cannot show what was asked for says why and offers a way on: 重试 where trying
 * again can help, and always the store home, so a shared link that failed is never a dead end.
 */
export function StoreError({
  status = 'empty',
  title,
  description,
  onRetry,
}: {
  status?: 'default' | 'disconnected' | 'empty';
  title: string;
  description: string;
  onRetry?: () => void;
}) {
  return (
    <ErrorBlock status={status} title={title} description={description}>
      <div className="kn-row" style={{ justifyContent: 'center', gap: 12 }}>
        {onRetry && (
          <button type="button" className="ui-btn" onClick={onRetry}>
            重试
          </button>
        )}
        <Link className="ui-btn ui-btn--ghost" to={routes.shopIndex.getHref()} data-way-back="store">
          返回商城首页
        </Link>
      </div>
    </ErrorBlock>
  );
}

export function Failed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return <StoreError status="disconnected" title="加载失败" description={message ?? '网络异常'} onRetry={onRetry} />;
}
