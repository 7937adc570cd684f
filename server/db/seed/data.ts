import type { StaffRole } from '../../../src/api/contract/roles';
/** Seed vocabulary: plausible Chinese names, titles and topics for a wealth-management firm's lives. */

export const PRESENTERS: ReadonlyArray<{ name: string; title: string; bio: string }> = [
  { name: '王立新', title: '首席投资官', bio: '二十年资产管理经验，长期关注宏观周期与大类资产配置。' },
  { name: '陈静怡', title: '宏观策略分析师', bio: '专注全球宏观与货币政策研究，擅长把复杂数据讲成人话。' },
  { name: '李明哲', title: '固收基金经理', bio: '管理多只纯债及固收+产品，追求回撤可控的稳健收益。' },
  { name: '张慧敏', title: '私募研究总监', bio: '覆盖股票多头、CTA 与量化中性策略，走访管理人逾三百家。' },
  { name: '刘思远', title: '家族办公室顾问', bio: '为高净值家庭设计传承与税务方案，熟悉家族信托架构。' },
  { name: '赵雅琴', title: '保险规划专家', bio: '从保障缺口出发做家庭风险管理，讲解通俗而细致。' },
  { name: '周博文', title: '权益投资总监', bio: '深耕消费与科技行业，偏好长期持有高质量公司。' },
  { name: '吴晓峰', title: '海外资产配置顾问', bio: '关注美元资产与港股机会，帮助客户理解汇率风险。' },
  { name: '孙嘉禾', title: '量化研究员', bio: '负责多因子模型研发，喜欢用回测说话。' },
  { name: '郑可欣', title: '养老金融研究员', bio: '研究个人养老金与第三支柱，关注长期复利。' },
  { name: '黄志远', title: '理财顾问团队负责人', bio: '带领顾问团队服务上千位客户，重视陪伴与纪律。' },
  { name: '林若溪', title: '投资者教育讲师', bio: '擅长把基金、债券与信托的基础知识讲得清楚有趣。' },
];

export const TOPICS: readonly string[] = [
  '降息周期下的资产配置',
  '固收+：稳健收益从哪里来',
  '私募基金入门：认识与选择',
  '家族信托与财富传承',
  '黄金还值得配置吗',
  '港股科技板块的机会与风险',
  '基金定投实战课',
  '个人养老金怎么配',
  '全球债市新变化',
  'CTA 策略解析',
  '量化投资的底层逻辑',
  '高端医疗与保险规划',
  '美元资产与汇率风险',
  '消费行业的长期价值',
  '年中市场复盘与展望',
  '现金管理：货币基金怎么选',
  '红利策略的防守与进攻',
  '新能源产业链投资地图',
  '子女教育金规划',
  '税务筹划常见误区',
];

/** The seeded employees u1-u3; only the financial advisers (isFinancialAdvisor) own customers (the seed deals u3's book to them). */
export const ADVISERS: ReadonlyArray<{
  name: string;
  title: string;
  department: string;
  isFinancialAdvisor: boolean;
  staffRoles: StaffRole[];
}> = [
  { name: '王建国', title: '高级理财顾问', department: '上海财富管理中心', isFinancialAdvisor: true, staffRoles: [] },
  { name: '李晓梅', title: '理财顾问', department: '北京财富管理中心', isFinancialAdvisor: true, staffRoles: [] },
  { name: '陈志强', title: '运营专员', department: '客户运营部', isFinancialAdvisor: false, staffRoles: ['reviewer'] },
];

/**
 * Staff without a book, seeded after the customers (u16-u18) so the customers keep their ids: a
 * compliance officer, a second reviewer (the four-eyes rule needs someone else to approve what
 * the first one may not) and a developer who reads uploaded action logs.
 */
export const STAFF: ReadonlyArray<{ name: string; title: string; department: string; staffRoles: StaffRole[] }> = [
  { name: '孙立诚', title: '合规专员', department: '合规管理部', staffRoles: ['compliance'] },
  { name: '许文清', title: '运营审核主管', department: '客户运营部', staffRoles: ['reviewer'] },
  { name: '郑启航', title: '前端开发工程师', department: '金融科技部', staffRoles: ['developer'] },
];

export const CUSTOMER_NAMES: readonly string[] = [
  '张伟',
  '刘洋',
  '杨秀英',
  '黄磊',
  '周敏',
  '徐静',
  '何涛',
  '马丽',
  '罗军',
  '高燕',
  '郭斌',
  '梁雪',
];

export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
export const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华玉萍红娥玲芬燕彬鹏辉建文斌宇浩凯俊峰晨欣怡然博思远嘉宁';
