import MineLists from '@/features/mine/screens/MineLists';
import MineScreen from '@/features/session/screens/MineScreen';

/** /mine: the session's account and sign-out, with the mine feature's lists inline (neither feature knows the other). */
export default function MineRoute() {
  return <MineScreen lists={<MineLists />} />;
}
