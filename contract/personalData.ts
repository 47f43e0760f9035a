/**
 * Personal data in answers: ID numbers, mobile phones and bank account numbers. One rule for every answer
 * that carries them (the server masks before answering) and every screen that shows one masked: the roles
 * that enter and change an enterprise's data (its operators and directors, and its administrator) see
 * them whole; every other role (query, purchase, final, a factor's roles…) sees them masked. In a record
 * shared between enterprises, only the owner's such roles and the parties whose job needs the number
 * (the funder paying into a receiving account) see it whole ({@link seesRecordPersonalData}).
 */
import { hasMenu, isOperatorOrDirector, MANAGER_ROLE } from './roles';

/** What a value is: how it is masked. */
export type PersonalDataKind = 'idCard' | 'mobile' | 'bankAccount';

/**
 * The field formats (renderer/core/validators FORMAT_DEFINITIONS) whose values are personal data, and
 * their kind: a model field with one of them is masked in every record answer (server/models/personalFields.ts).
 * `telephone` (an enterprise's registered landline, printed on every invoice it issues) is not one.
 */
export const PERSONAL_DATA_FORMATS: ReadonlyMap<string, PersonalDataKind> = new Map([
  ['idCard', 'idCard'],
  ['phone', 'mobile'],
  ['bankAccount', 'bankAccount'],
  ['bankCard', 'bankAccount'],
]);

/** Characters shown at the start and at the end of a masked value of each kind; four stars between. */
const KEPT: Readonly<Record<PersonalDataKind, readonly [number, number]>> = {
  idCard: [4, 4], // 1101****002X
  mobile: [3, 4], // 138****0002
  bankAccount: [4, 4], // 6217****1234
};

/** Whether `role` sees personal data whole: a role that enters and changes its enterprise's data. */
export function seesPersonalData(role: string | null | undefined): boolean {
  return (hasMenu(role) && isOperatorOrDirector(role)) || role === MANAGER_ROLE;
}

/**
 * A record's personal data as a model declares it (`personalData`): `owner`, the party field of the
 * enterprise whose data it is and which enters it (default: the model's `create.corpField`), and
 * `wholeFor`, the parties whose job needs the whole number (a funder pays a loan into the applicant's
 * receiving account), each with the roles that do that job.
 */
export interface RecordPersonalData {
  owner: string;
  wholeFor?: ReadonlyArray<{ party: string; roles: readonly string[] }>;
}

/**
 * Whether the actor sees a record's personal data whole (the one rule of records, ADR 0012): a role of
 * {@link seesPersonalData} in the owning enterprise, or a declared role of a `wholeFor` party. Everyone
 * else sees it masked: query, purchase and final roles, a factor's roles where the model does not name
 * their job, every other counterparty (a debtor does not see its creditor's receiving account), and a
 * visitor without a role. `isParty(field)` says whether the actor's enterprise is in that party field.
 */
export function seesRecordPersonalData(
  role: string | null | undefined,
  decl: RecordPersonalData,
  isParty: (field: string) => boolean,
): boolean {
  if (!role) return false;
  if (seesPersonalData(role) && isParty(decl.owner)) return true;
  return (decl.wholeFor ?? []).some((w) => w.roles.includes(role) && isParty(w.party));
}

/**
 * `value` masked as its kind is: the ends kept, four stars between; a value too short to keep its ends
 * (at most the kept characters) is all stars. Empty stays empty; a masked value stays as it is.
 */
export function maskPersonalData(kind: PersonalDataKind, value: string): string {
  if (value === '') return value;
  const [head, tail] = KEPT[kind];
  const chars = Array.from(value);
  if (chars.length <= head + tail) return '****';
  return `${chars.slice(0, head).join('')}****${chars.slice(-tail).join('')}`;
}

/** `value` as `role` may see it (the one rule of every answer). */
export function personalDataFor<T extends string | null | undefined>(
  role: string | null | undefined,
  kind: PersonalDataKind,
  value: T,
): T {
  if (typeof value !== 'string' || seesPersonalData(role)) return value;
  return maskPersonalData(kind, value) as T;
}
