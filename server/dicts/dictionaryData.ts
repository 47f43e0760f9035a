/**
 * The reference server's dictionaries for remote selects: a subset of China's administrative regions
 * (GB/T 2260 codes: province → city → district) and of the banks (CNAPS bank codes) with some of
 * their branches (12-digit CNAPS branch numbers). A real deployment reads its master data instead.
 */

/** One entry: its code, its Chinese name and the code of the entry it belongs to. */
export interface DictEntry {
  code: string;
  name: string;
  parent?: string;
}

const entries = (parent: string | undefined, list: Array<[string, string]>): DictEntry[] =>
  list.map(([code, name]) => ({ code, name, ...(parent ? { parent } : {}) }));

export const REGIONS: readonly DictEntry[] = [
  ...entries(undefined, [
    ['110000', '北京市'],
    ['310000', '上海市'],
    ['420000', '湖北省'],
    ['440000', '广东省'],
    ['320000', '江苏省'],
  ]),
  ...entries('110000', [['110100', '北京市市辖区']]),
  ...entries('110100', [
    ['110101', '东城区'],
    ['110102', '西城区'],
    ['110105', '朝阳区'],
    ['110108', '海淀区'],
  ]),
  ...entries('310000', [['310100', '上海市市辖区']]),
  ...entries('310100', [
    ['310101', '黄浦区'],
    ['310104', '徐汇区'],
    ['310115', '浦东新区'],
  ]),
  ...entries('420000', [
    ['420100', '武汉市'],
    ['420500', '宜昌市'],
  ]),
  ...entries('420100', [
    ['420102', '江岸区'],
    ['420106', '武昌区'],
    ['420111', '洪山区'],
  ]),
  ...entries('420500', [
    ['420502', '西陵区'],
    ['420503', '伍家岗区'],
  ]),
  ...entries('440000', [
    ['440100', '广州市'],
    ['440300', '深圳市'],
  ]),
  ...entries('440100', [
    ['440103', '荔湾区'],
    ['440104', '越秀区'],
    ['440106', '天河区'],
  ]),
  ...entries('440300', [
    ['440303', '罗湖区'],
    ['440304', '福田区'],
    ['440305', '南山区'],
  ]),
  ...entries('320000', [
    ['320100', '南京市'],
    ['320500', '苏州市'],
  ]),
  ...entries('320100', [
    ['320102', '玄武区'],
    ['320104', '秦淮区'],
  ]),
  ...entries('320500', [
    ['320505', '虎丘区'],
    ['320506', '吴中区'],
  ]),
];

export const BANKS: readonly DictEntry[] = entries(undefined, [
  ['102', '中国工商银行'],
  ['103', '中国农业银行'],
  ['104', '中国银行'],
  ['105', '中国建设银行'],
  ['301', '交通银行'],
  ['302', '中信银行'],
  ['303', '中国光大银行'],
  ['304', '华夏银行'],
  ['305', '中国民生银行'],
  ['306', '广发银行'],
  ['308', '招商银行'],
  ['309', '兴业银行'],
  ['310', '上海浦东发展银行'],
  ['403', '中国邮政储蓄银行'],
]);

export const BANK_BRANCHES: readonly DictEntry[] = [
  ...entries('105', [
    ['105100000017', '中国建设银行股份有限公司北京市分行'],
    ['105290000012', '中国建设银行股份有限公司上海市分行'],
    ['105521000011', '中国建设银行股份有限公司湖北省分行'],
    ['105581000010', '中国建设银行股份有限公司广东省分行'],
  ]),
  ...entries('102', [
    ['102100099996', '中国工商银行股份有限公司北京市分行'],
    ['102290000001', '中国工商银行股份有限公司上海市分行'],
    ['102521000013', '中国工商银行股份有限公司湖北省分行'],
  ]),
  ...entries('308', [
    ['308100005019', '招商银行股份有限公司北京分行'],
    ['308584000013', '招商银行股份有限公司深圳分行'],
  ]),
];
