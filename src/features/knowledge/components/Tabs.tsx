import { Link } from 'react-router-dom';

/** The store's tab strip: one link a tab, the current one marked; a tab replaces the page in history. */
export function Tabs({ tabs }: { tabs: ReadonlyArray<{ key: string; label: string; to: string; on: boolean }> }) {
  return (
    <nav className="kn-tabs">
      {tabs.map((t) => (
        <Link key={t.key} className={t.on ? 'on' : ''} to={t.to} replace>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
