import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { type ResourceKind, resourceRequested } from '../store/knowledge-slice';
import { selectResource } from '../store/selectors';
import { Failed, StoreError } from './StoreError';

import '../../../ui/button.css';
import './knowledge.css';

export { RichText, Thumbs } from './Thumbs';

import { businessDate } from '@/api/contract/dates';
import { parseId } from '@/api/contract/id';
import { type RootState, useAppDispatch, useAppSelector, useRefresh } from '@/store';
import { PullRefresh } from '@/ui/PullRefresh';

export function Loading({ rows = 4 }: { rows?: number }) {
  return (
    <div className="kn-pad" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

/** One resource by key, requested on mount; children render its data. */
export function useResource<T>(key: string, kind: ResourceKind, id?: number) {
  const dispatch = useAppDispatch();
  const r = useAppSelector((s) => selectResource(s, key));
  const load = () => dispatch(resourceRequested({ key, kind, id, mode: 'reload' }));
  useEffect(() => {
    dispatch(resourceRequested({ key, kind, id }));
  }, [dispatch, key, kind, id]);
  // What a pull-to-refresh waits on (useRefresh): this resource as the store holds it now.
  const part = (state: RootState) => selectResource(state, key);
  return { ...r, data: r.data as T | null, reload: load, part };
}

/**
 * The resource the address names (?id=, else the next of `names` present). Hooks run on every render, so a bad id
 * still asks for a placeholder; `valid` false says to show the bad link instead.
 */
export function useAddressedResource<T>(kind: ResourceKind, names: readonly string[] = ['id']) {
  const [params] = useSearchParams();
  const id = parseId(names.map((n) => params.get(n)).find((v) => v !== null) ?? null) ?? 0;
  const valid = id > 0;
  return { valid, r: useResource<T>(`${kind}:${valid ? id : 0}`, kind, valid ? id : 1) };
}

export function ResourceView<T>({
  r,
  children,
}: {
  r: ReturnType<typeof useResource<T>>;
  children: (data: T) => ReactNode;
}) {
  const onRefresh = useRefresh(r.reload, (state) => [r.part(state)]);
  if (r.status === 'failed' && !r.data && r.gone)
    return <StoreError title="找不到这个内容" description={r.error ?? '内容不存在或已下线'} />;
  if (r.status === 'failed' && !r.data) return <Failed message={r.error} onRetry={r.reload} />;
  if (!r.data) return <Loading />;
  return <PullRefresh onRefresh={onRefresh}>{children(r.data)}</PullRefresh>;
}

export function Disclaimer({ children }: { children: ReactNode }) {
  return <p className="kn-disclaimer">{children}</p>;
}

export const day = (ms: number) => businessDate(ms);
