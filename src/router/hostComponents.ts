/**
 * Components the portal adds to the renderer's registry, for what a page schema cannot express (talking to
 * the local UKEY signing agent, an SMS code): name → loader. Page schemas name them in `x-component` like the renderer's
 * own; `npm run schemas:check` knows their names from here. No imports run here (the loaders are lazy), so
 * Node scripts can read the keys.
 */
import type { ComponentType } from 'react';

export type HostComponentModule = () => Promise<ComponentType>;

export const HOST_COMPONENTS: Readonly<Record<string, HostComponentModule>> = {
  UkeyTestSign: () => import('@/pages/ukey/UkeyTestSignPanel').then((m) => m.UkeyTestSignPanel),
  // The public forms' widgets: registration and password reset.
  SmsCode: () => import('@/pages/register/schemaWidgets').then((m) => m.SmsCodeInput),
  NewPassword: () => import('@/pages/register/schemaWidgets').then((m) => m.NewPasswordInput),
  AgreementConsent: () => import('@/pages/register/schemaWidgets').then((m) => m.AgreementConsent),
  // The ABS enterprise identification's soft certificate, made and kept in the browser.
  SoftKeyIdentify: () => import('@/pages/register/SoftKeyIdentify').then((m) => m.SoftKeyIdentify),
  // Person info: the initial password's notice and the user's own profile.
  PasswordChangeNotice: () => import('@/pages/account/personWidgets').then((m) => m.PasswordChangeNotice),
  PersonProfile: () => import('@/pages/account/personWidgets').then((m) => m.PersonProfile),
  // Account information: the enterprise's master data as it is now.
  EnterpriseProfile: () =>
    import('@/pages/account/EnterpriseProfileCard').then((m) => m.EnterpriseProfileCard),
};
