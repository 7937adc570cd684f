import { useSearchParams } from 'react-router-dom';

/** Developer route /__errorTest (routes.errorTest). Throws on purpose with ?throw=1, so error reporting can be checked end to end. */
export default function ErrorTestScreen() {
  const [query] = useSearchParams();
  if (query.get('throw') === '1') throw new Error('错误上报测试：页面按要求抛出异常');
  return (
    <div style={{ padding: 16 }}>
      <h1 style={{ fontSize: 18 }}>错误上报测试</h1>
      <p>在地址后加上 ?throw=1，本页会抛出一个异常，用于检查错误上报。</p>
    </div>
  );
}
