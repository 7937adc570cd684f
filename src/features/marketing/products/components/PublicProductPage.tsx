import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { ProductChart } from './ProductChart';
import { ShareAdviserCard } from './ShareAdviserCard';
import { ShareDividends } from './ShareDividends';

import '../../shared/components/marketing.css';
import './products.css';

import { PRODUCT_KIND_NAMES } from '@/api/contract/market-map-constants';
import { SHARE_CODE_PARAM, ShareErrorCode } from '@/api/contract/market-map-products-constants';
import { useDetail } from '@/features/marketing/details';
import { ListSkeleton } from '@/features/marketing/shared';
import { selectSessionState } from '@/features/session';
import { useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

/**
 * A customer-facing product page opened from an adviser's link in WeChat: no sign-in needed, the share code
 * in the address is the permission. It always carries the risk level, the disclosures and the adviser's
 * card with their qualification number (docs/workbench.md#suitability-and-contact-limits). The performance ('rate' chart, 'public' dividend
 * record) is only in the personal view, for the customer the link was checked for; anyone else gets the
 * public view.
 */
export function PublicProductPage({ page }: { page: 'rate' | 'public' }) {
  const [params] = useSearchParams();
  const code = params.get(SHARE_CODE_PARAM)?.trim() ?? '';
  const { status, data, error, reload } = useDetail('sharePage', code ? { code } : null);
  // The server renders the public view (it cannot know the reader); a signed-in reader asks once more with
  // their sign-in, so the customer the link was made for gets their own view.
  const signedIn = useAppSelector((s) => selectSessionState(s).flows.webChat.status === 'signedIn');
  const asked = useRef(false);
  useEffect(() => {
    if (signedIn && data?.view === 'public' && !asked.current) {
      asked.current = true;
      reload();
    }
  }, [signedIn, data?.view, reload]);
  if (!code) return <Dead title="链接不完整" text="请向您的理财师重新索取分享链接" />;
  if (status === 'failed' && !data) {
    if (error?.code === ShareErrorCode.expired || error?.httpStatus === 410)
      return <Dead title="分享链接已过期" text={error.message} />;
    if (error?.code === ShareErrorCode.invalid || error?.httpStatus === 404 || error?.httpStatus === 400)
      return <Dead title="分享链接无效" text="链接可能不完整或已被修改，请向您的理财师重新索取" />;
    return (
      <main className="pd-public">
        <RetryBlock title="页面加载失败" description={error?.message} onRetry={reload} />
      </main>
    );
  }
  if (!data)
    return (
      <main className="pd-public">
        <ListSkeleton rows={3} label="正在加载" />
      </main>
    );
  return (
    <main className="pd-public">
      <header className="pd-hero">
        <h1>{data.product.name}</h1>
        <div className="pd-hero__meta">
          <span>{data.product.code}</span>
          <span className="mk-tag">{PRODUCT_KIND_NAMES[data.product.kind]}</span>
          <RiskChip level={data.product.risk_level} />
        </div>
      </header>
      {data.view === 'public' ? (
        <p className="pd-public__note" data-view="public">
          本页面是理财师为特定客户生成的产品介绍，产品业绩仅向该客户展示。如需了解本产品，请联系理财师，并先完成风险测评，确认产品风险等级与您的风险承受能力相匹配。
        </p>
      ) : page === 'public' ? (
        <ShareDividends data={data} />
      ) : (
        <ProductChart
          name={data.product.name}
          kind={data.series_kind}
          series={data.series}
          benchmark={data.benchmark}
        />
      )}
      <RiskDisclosure lines={data.disclosures} />
      <ShareAdviserCard adviser={data.adviser} />
    </main>
  );
}

function Dead({ title, text }: { title: string; text: string }) {
  return (
    <main className="pd-public">
      <ErrorBlock status="default" title={title} description={text} />
    </main>
  );
}
