/** How the screens name the two algorithms. */
export const ALGORITHM_LABEL: Record<string, string> = { SM2: 'SM2（国密）', RSA: 'RSA-2048' };
