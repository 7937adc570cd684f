import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';

import { deskOpened, selectDeskAccess } from '../store/desk-access-slice';

import type { StaffDesk } from '@/features/session';
import { getHref, routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { DeadEndPage } from '@/ui/DeadEndPage';

/**
 * Who may use each desk and whom to ask for it (docs/compliance.md: roles come from the employee record; the
 * compliance department grants the review and trail duties, operations sets up experts' accounts).
 */
const DESK_ACCESS: Readonly<Record<StaffDesk, { who: string; contact: string }>> = {
  reviewDesk: { who: '合规审核人员', contact: '合规管理部 孙立诚' },
  complianceLog: { who: '合规专员', contact: '合规管理部 孙立诚' },
  expertAnswers: { who: '持理财顾问资格的专家', contact: '客户运营部 许文清' },
};

/** The one page a desk shows to someone whose role does not open it: who may use it and how to reach them. */
function DeskRefused({ desk }: { desk: StaffDesk }) {
  const { who, contact } = DESK_ACCESS[desk];
  const home = getHref('home');
  return (
    <DeadEndPage
      heading={routes[desk].title}
      title={`本页仅供${who}使用`}
      description={`如需权限请联系${contact}`}
      homeHref={home}
    >
      <Link className="dead-end__action" to={home} replace>
        回到首页
      </Link>
    </DeadEndPage>
  );
}

/**
 * The desk's role gate: nothing of the desk (no list, filter, export or retry, and none of their requests) until
 * the stored employee record says this desk is theirs; the server still refuses by the session's role.
 */
function DeskGate({ desk, children }: { desk: StaffDesk; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const access = useAppSelector(selectDeskAccess);
  useEffect(() => {
    dispatch(deskOpened({ desk }));
  }, [dispatch, desk]);
  if (access.status === 'unknown' || access.desks === null) return <main className="st-page" aria-busy="true" />;
  if (!access.desks.includes(desk)) return <DeskRefused desk={desk} />;
  return <>{children}</>;
}

/** A desk screen behind its gate, for the route map. */
export function gatedDesk(desk: StaffDesk, Screen: ComponentType): ComponentType {
  const Gated = () => (
    <DeskGate desk={desk}>
      <Screen />
    </DeskGate>
  );
  Gated.displayName = `Gated(${desk})`;
  return Gated;
}
