import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/** A test screen with local state, used to see whether the router kept or remounted it. */
export function counterScreen(name: string) {
  function CounterScreen() {
    const [count, setCount] = useState(0);
    const { search } = useLocation();
    return (
      <section data-testid={`screen-${name}`}>
        <span data-testid="count">{count}</span>
        <span data-testid="search">{search}</span>
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          +1
        </button>
      </section>
    );
  }
  return CounterScreen;
}
