import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { MaterialFilters } from '../components/MaterialFilters';
import { MaterialRow } from '../components/parts';

import '../../shared/components/marketing.css';
import '../components/materials.css';

import { MATERIAL_KINDS, type MaterialKind } from '@/api/contract/market-map-materials';
import { useDetail, useDetailList } from '@/features/marketing/details';
import { ListSkeleton, PagedFoot, SearchBar } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';
import { RetryBlock } from '@/ui/RetryBlock';

/** 素材库: the firm's library and my own materials, by project and kind, with search and paging. */
export default function MaterialsScreen() {
  const [query, setQuery] = useSearchParams();
  const project = query.get('project') ?? undefined;
  const kindText = query.get('kind');
  const kind = MATERIAL_KINDS.includes(kindText as MaterialKind) ? (kindText as MaterialKind) : undefined;
  const keyword = query.get('keyword') ?? undefined;
  // Opened for one customer (from their card): every material says whether it suits them.
  const customerText = query.get('customer_id');
  const customerId = customerText && /^\d{1,9}$/.test(customerText) ? Number(customerText) : undefined;
  const [draft, setDraft] = useState(keyword ?? '');
  const projects = useDetail('materialProjects', {});
  const list = useDetailList('materialFiles', { project, kind, keyword, customer_id: customerId });
  const onRefresh = useRefresh(list.refresh, (state) => [list.part(state)]);
  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(query);
    if (value) next.set(name, value);
    else next.delete(name);
    setQuery(next, { replace: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setParam('keyword', draft.trim() || undefined);
  };

  return (
    <main className="mk-page">
      <header className="mk-head">
        <MaterialFilters projects={projects.data ?? []} project={project} kind={kind} setParam={setParam} />
        <SearchBar
          draft={draft}
          setDraft={setDraft}
          onSearch={onSearch}
          placeholder="搜索素材标题"
          label="搜索素材"
          maxLength={40}
        >
          <Link
            className="mk-chip"
            style={{ display: 'flex', alignItems: 'center', textDecoration: 'none' }}
            to={routes.forwardingAssistant.getHref()}
          >
            转发助手
          </Link>
        </SearchBar>
      </header>
      <PullRefresh onRefresh={onRefresh}>
        <div style={{ paddingTop: 10 }}>
          {list.status === 'loading' && <ListSkeleton label="正在加载素材" />}
          {list.status === 'failed' && list.items.length === 0 && (
            <RetryBlock title="素材加载失败" description={list.error?.message} onRetry={list.refresh} />
          )}
          {list.status === 'loaded' && list.items.length === 0 && (
            <ErrorBlock
              status="empty"
              title="没有找到素材"
              description={keyword ? `没有与“${keyword}”相关的素材` : '换个项目或类型看看'}
            />
          )}
          {list.items.map((m) => (
            <MaterialRow key={m.material_id} m={m} customerId={customerId} />
          ))}
          <PagedFoot list={list} end={`共 ${list.total ?? list.items.length} 份素材`} />
        </div>
      </PullRefresh>
    </main>
  );
}
