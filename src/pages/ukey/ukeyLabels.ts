import dayjs from 'dayjs';

/** How the screens name the two algorithms. */
export const ALGORITHM_LABEL: Record<string, string> = { SM2: 'SM2（国密）', RSA: 'RSA-2048' };

/** 有效期 as the list shows it. */
export const validityText = (notBefore: string, notAfter: string): string =>
  `${dayjs(notBefore).format('YYYY-MM-DD')} 至 ${dayjs(notAfter).format('YYYY-MM-DD')}`;
