import { Link, useSearchParams } from 'react-router-dom';
import { routes } from '@/routes';
import type { StoreExpert } from '@/api/contract/store';
import { PagedList } from '../components/parts';
import { ExpertCard } from '../components/cards';

/** Experts talk: every expert (or the core members) with certificate numbers; tap for their views. */
export default function ExpertMoreScreen() {
  const [params] = useSearchParams();
  const kind = params.get('kind') === 'core' ? 'core' : 'expert';
  return (
    <main className="kn-page">
      <nav className="kn-tabs">
        <Link className={kind === 'expert' ? 'on' : ''} to={routes.expertMore.getHref()} replace>
          专家
        </Link>
        <Link className={kind === 'core' ? 'on' : ''} to={routes.expertMore.getHref({}, { kind: 'core' })} replace>
          核心成员
        </Link>
      </nav>
      <PagedList<StoreExpert> listKey={`experts:${kind}`} kind="experts" query={{ kind }} empty="暂无专家" render={(e) => <ExpertCard key={e.id} e={e} />} />
    </main>
  );
}
