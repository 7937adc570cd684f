import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { createAppStore } from '@/app/store/configure-app-store';
import { fakeAuth, fakeServices } from '@/features/session/__tests__/fakes';
import { deskAccessSaga, staffSaga } from '@/features/staff';
import { gatedDesk } from '@/features/staff/components/DeskGate';
import ComplianceLogScreen from '@/features/staff/screens/ComplianceLogScreen';
import ExpertAnswersScreen from '@/features/staff/screens/ExpertAnswersScreen';
import ReviewDeskScreen from '@/features/staff/screens/ReviewDeskScreen';
import { removeItem, StorageKey, writeItem } from '@/platform/storage';

const employee = (is_financial_advisor: 0 | 1, roles: string[]) =>
  JSON.stringify({ real_name: '某员工', employee: { is_financial_advisor, roles } });
const ADVISER = employee(1, []);
const REVIEWER = employee(0, ['reviewer']);
const COMPLIANCE = employee(0, ['compliance']);

function renderDesk(stored: string | null, Screen: ComponentType) {
  if (stored) writeItem(StorageKey.userInfos, stored);
  else removeItem(StorageKey.userInfos);
  const store = createAppStore({
    services: fakeServices(fakeAuth(), 1_750_000_000_000),
    sagas: { staff: staffSaga, deskAccess: deskAccessSaga },
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/reviewDesk']}>
        <Screen />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const Review = gatedDesk('reviewDesk', ReviewDeskScreen);
const Trail = gatedDesk('complianceLog', ComplianceLogScreen);
const Expert = gatedDesk('expertAnswers', ExpertAnswersScreen);

afterEach(() => removeItem(StorageKey.userInfos));

describe('the staff desks open only for their role', () => {
  it.each<[string, ComponentType, string, string]>([
    ['审核台 for an adviser', Review, ADVISER, '本页仅供合规审核人员使用'],
    ['合规记录 for an adviser', Trail, ADVISER, '本页仅供合规专员使用'],
    ['合规记录 for a reviewer', Trail, REVIEWER, '本页仅供合规专员使用'],
    ['审核台 for a compliance officer', Review, COMPLIANCE, '本页仅供合规审核人员使用'],
    ['专家回答 for a reviewer', Expert, REVIEWER, '本页仅供持理财顾问资格的专家使用'],
  ])('%s: one page saying who may use it and whom to ask, nothing of the desk', async (_name, Screen, who, title) => {
    const store = renderDesk(who, Screen);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(/^如需权限请联系/)).toBeInTheDocument();
    // No filters, export, retry or tabs, and no request of the desk's lists.
    for (const word of ['导出', '重试', '筛选', '待审回答', '待回答']) expect(screen.queryByText(word)).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const lists = (store.getState() as { staff?: { lists: Record<string, { status: string }> } }).staff?.lists;
    for (const list of Object.values(lists ?? {})) expect(list.status).toBe('idle');
  });

  it.each<[string, ComponentType, string, string]>([
    ['审核台 for a reviewer', Review, REVIEWER, '待审回答'],
    ['合规记录 for a compliance officer', Trail, COMPLIANCE, '导出 CSV'],
    ['专家回答 for an adviser', Expert, ADVISER, '待回答'],
  ])('%s: the desk itself', async (_name, Screen, who, text) => {
    renderDesk(who, Screen);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/^本页仅供/)).toBeNull();
  });

  it('before any employee record is stored (signing in), shows neither the desk nor a refusal', async () => {
    renderDesk(null, Review);
    expect(await screen.findByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/^本页仅供/)).toBeNull();
    expect(screen.queryByText('待审回答')).toBeNull();
  });
});
