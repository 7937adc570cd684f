import { Link } from 'react-router-dom';

/** The store's tab strip: one link a tab, the current one marked; a tab replaces the page in history. */
export function Tabs<T extends { tab: string; label: string }>({
  tabs,
  current,
  href,
}: {
  tabs: readonly T[];
  current: string;
  href(tab: T): string;
}) {
  return (
    <nav className="kn-tabs">
      {tabs.map((t) => (
        <Link key={t.tab} className={t.tab === current ? 'on' : ''} to={href(t)} replace>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
