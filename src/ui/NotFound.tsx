import { DeadEndPage } from './DeadEndPage';
import { usePageBack } from './use-page-back';

export interface NotFoundProps {
  /** Where "返回首页" goes: routes.home.getHref() (ui/ knows no routes). */
  homeHref: string;
}

/** Shown for an address no route matches (an old or mistyped link). */
export default function NotFound({ homeHref }: NotFoundProps) {
  const { goHome } = usePageBack(homeHref);
  return (
    <DeadEndPage
      heading="页面不存在"
      title="没有找到这个页面"
      description="链接可能已失效，或页面已下线"
      homeHref={homeHref}
    >
      <button type="button" className="dead-end__action" onClick={goHome}>
        返回首页
      </button>
    </DeadEndPage>
  );
}
