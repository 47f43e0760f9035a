/**
 * Account-centre rules shared by the portal's forms and the server (issue 13): user names of the users an
 * enterprise's administrator adds.
 */

/** A login name: 4-20 letters, digits or underscores, starting with a letter. */
export const USER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const USER_NAME_MESSAGE = '用户名为4-20位字母、数字或下划线，以字母开头';

/** Whether a user name is acceptable; the message otherwise. */
export function validateUserName(value: unknown): true | string {
  return typeof value === 'string' && USER_NAME_PATTERN.test(value) ? true : USER_NAME_MESSAGE;
}
