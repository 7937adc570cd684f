import { MATERIAL_KIND_NAMES, MATERIAL_KINDS, type MaterialKind } from '@/api/contract/market-map-materials';

type Props = {
  projects: readonly string[];
  project: string | undefined;
  kind: MaterialKind | undefined;
  setParam(name: 'project' | 'kind', value: string | undefined): void;
};

/** The library's project chips and kind tabs, each kept in the address. */
export function MaterialFilters({ projects, project, kind, setParam }: Props) {
  return (
    <>
      <nav className="mk-chips" aria-label="项目">
        <button
          type="button"
          className="mk-chip"
          aria-pressed={!project}
          onClick={() => setParam('project', undefined)}
        >
          全部
        </button>
        {projects.map((p) => (
          <button
            type="button"
            key={p}
            className="mk-chip"
            aria-pressed={project === p}
            onClick={() => setParam('project', p)}
          >
            {p}
          </button>
        ))}
      </nav>
      <div className="mk-tabs" role="tablist" aria-label="类型">
        <button type="button" role="tab" aria-selected={!kind} onClick={() => setParam('kind', undefined)}>
          全部
        </button>
        {MATERIAL_KINDS.map((k) => (
          <button type="button" role="tab" key={k} aria-selected={kind === k} onClick={() => setParam('kind', k)}>
            {MATERIAL_KIND_NAMES[k]}
          </button>
        ))}
      </div>
    </>
  );
}
