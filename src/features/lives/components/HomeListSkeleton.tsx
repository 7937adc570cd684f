import './HomeListSkeleton.css';

/** Shapes of the cards to come, so the page does not jump when the list arrives. */
export function HomeListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="home-skeleton" role="status" aria-label="正在加载直播列表">
      {Array.from({ length: rows }, (_, i) => (
        <div className="home-skeleton__row" key={i}>
          <div className="home-skeleton__cover" />
          <div className="home-skeleton__lines">
            <div className="home-skeleton__line" />
            <div className="home-skeleton__line home-skeleton__line--short" />
            <div className="home-skeleton__line home-skeleton__line--tiny" />
          </div>
        </div>
      ))}
    </div>
  );
}
