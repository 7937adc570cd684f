import { TopicView } from './TopicView';

/** 在线策略会：正在直播与即将开始的策略会. */
export default function TactfulOnlineScreen() {
  return <TopicView topic="tactfulOnline" />;
}
