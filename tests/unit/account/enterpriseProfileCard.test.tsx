import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '@/api';
import { ENTERPRISE_PROFILE_FIELDS, type EnterpriseProfile } from '@contract/enterprise';

// What an operator is answered: its enterprise's data whole (contract/personalData.ts seesPersonalData).
const PROFILE: EnterpriseProfile = {
  enterpriseName: '华建建材供应有限公司',
  creditCode: '91110000MA0000001X',
  legalName: '王建国',
  legalIdCard: '11010519491231002X',
  registeredAddress: '北京市西城区金融大街25号',
  contactName: '陈晓',
  contactMobile: '13900001234',
  profileVersion: 1,
};
const apiGet = vi.fn(async () => PROFILE);
vi.mock('@/api', async (actual) => ({ ...(await actual<typeof Api>()), apiGet }));
const { EnterpriseProfileCard } = await import('@/pages/account/EnterpriseProfileCard');

describe('spec section 5 (masked strings): the account centre masks every personal value alike', () => {
  it('shows the contact mobile masked like the user’s own mobile, and the ID number masked', async () => {
    render(<EnterpriseProfileCard />);
    expect(await screen.findByTestId('enterprise-contactMobile')).toHaveProperty(
      'textContent',
      '139****1234',
    );
    expect(screen.getByTestId('enterprise-legalIdCard').textContent).toBe('1101****002X');
    expect(screen.getByTestId('enterprise-contactName').textContent).toBe('陈晓');
  });

  it('declares a kind for every personal field it shows', () => {
    const personal = ENTERPRISE_PROFILE_FIELDS.filter((f) => 'personal' in f).map((f) => f.key);
    expect(personal).toEqual(['legalIdCard', 'contactMobile']);
  });
});
