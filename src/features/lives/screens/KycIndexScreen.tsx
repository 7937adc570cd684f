import { TopicView } from './TopicView';

/** 客户画像入口：风险测评引导与入门直播. */
export default function KycIndexScreen() {
  return <TopicView topic="kycIndex" />;
}
