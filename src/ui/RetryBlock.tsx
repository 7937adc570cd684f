import Button from 'antd-mobile/es/components/button';

import { ErrorBlock } from './ErrorBlock';

/** A load that failed: what failed, why, and 重试 to ask again. */
export function RetryBlock({ title, description, onRetry }: { title: string; description?: string; onRetry(): void }) {
  return (
    <ErrorBlock status="disconnected" title={title} description={description}>
      <Button color="primary" onClick={onRetry}>
        重试
      </Button>
    </ErrorBlock>
  );
}
