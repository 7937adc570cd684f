import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useDetail } from '@/features/marketing/details';
import { idParam } from '@/features/marketing/shared';
import { ErrorBlock } from '@/ui/ErrorBlock';

/**
 * The material the address names (`material_id`), for the screens that open one (素材详情, 文档预览, 产品资料, `noun`
 * names it on each): its detail, and `instead`, what the screen shows while there is nothing to show: a link without
 * a valid id, or a failed load with a retry (a missing material says so).
 */
export function useAddressedMaterial(noun: string) {
  const [query] = useSearchParams();
  const id = idParam(query.get('material_id'));
  const detail = useDetail('materialDetail', id ? { fileId: id } : null);
  let instead: ReactNode = null;
  if (!id) {
    instead = <ErrorBlock status="empty" title="链接不完整" description={`缺少${noun}编号，请从素材库重新打开`} />;
  } else if (detail.status === 'failed' && !detail.data) {
    const missing = detail.error?.httpStatus === 404;
    instead = (
      <ErrorBlock
        status={missing ? 'empty' : 'disconnected'}
        title={missing ? `${noun}不存在` : '加载失败'}
        description={detail.error?.message}
      >
        <Button color="primary" onClick={detail.reload}>
          重试
        </Button>
      </ErrorBlock>
    );
  }
  return { query, id, detail, instead };
}
