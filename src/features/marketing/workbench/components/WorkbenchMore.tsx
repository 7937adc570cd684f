import { Link } from 'react-router-dom';

import { routes } from '@/routes';

/** The workbench's foot: links to the adviser's other lists. */
export function WorkbenchMore() {
  return (
    <nav className="mk-chips" aria-label="更多" style={{ justifyContent: 'center' }}>
      <Link className="mk-chip" to={routes.userlist.getHref()}>
        我的客户
      </Link>
      <Link className="mk-chip" to={routes.table.getHref()}>
        今日数据
      </Link>
      <Link className="mk-chip" to={routes.ignoreIndex.getHref()}>
        已忽略
      </Link>
      {/* Advisers who write for an expert answer customers' questions there; the server refuses the others with the reason. */}
      <Link className="mk-chip" to={routes.expertAnswers.getHref()}>
        专家回答
      </Link>
    </nav>
  );
}
