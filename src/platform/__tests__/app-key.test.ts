import { applicationIdFor } from '../app-key';

describe('application identifier (docs/rules/roles.md#application-identifiers)', () => {
  it.each([
    ['?from=smileFund', '/', 'smile'],
    ['?fromApp=smileFund', '/about/1', 'smile'],
    ['?from=wexiaoRnWebview', '/', 'smile'],
    ['?from=wenoahRnWebview', '/', 'wna'],
    ['?from=weapp', '/', 'wna'],
    ['', '/', 'wna'],
    ['?from=smileFund', '/preheatDetailGopher', 'gopher'],
    ['', '/PreheatDetailGopher/', 'gopher'],
    ['', '/preheatDetail', 'wna'],
  ])('%s on %s → %s', (search, path, key) => expect(applicationIdFor(search, path)).toBe(key));
});
