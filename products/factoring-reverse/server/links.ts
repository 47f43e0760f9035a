import type { PublicLinkKind } from '@server/publicLinks/links';

/** Base of the reverse factoring routes. */
export const REVERSE_BASE = '/factoring/reverse';

/** The public pages of spec section 2: the supplier signs a confirmed payable, the core confirms the assignment. */
export const REVERSE_LINKS: readonly PublicLinkKind[] = [
  {
    kind: 'accounts-payable-sign',
    page: `${REVERSE_BASE}/accounts-payable-sign`,
    model: 'factoringReversePayable',
    action: 'sign',
    title: '应付账款签署',
    essentials: ['payableNo', 'coreName', 'supplierName', 'factorName', 'contractNo', 'amount', 'dueDate'],
    message:
      '【供应链金融服务平台】{corp}：{coreName}已确认应付账款{payableNo}，金额{amount}元，请在{hours}小时内打开链接签署：{url}',
  },
  {
    kind: 'accounts-payable-confirm',
    page: `${REVERSE_BASE}/accounts-payable-confirm`,
    model: 'factoringReverseFinance',
    action: 'confirm',
    title: '应收账款转让确认',
    essentials: [
      'financeNo',
      'contractNo',
      'applicantName',
      'coreName',
      'factorName',
      'payableNo',
      'payableAmount',
      'financeAmount',
      'dueDate',
    ],
    message:
      '【供应链金融服务平台】{corp}：{applicantName}将应付账款{payableNo}项下应收账款转让给{factorName}（融资金额{financeAmount}元），请在{hours}小时内打开链接确认：{url}',
  },
];
