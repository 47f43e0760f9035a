/** Fired on window when the user's in-site mail changed here (marked read): the bell refreshes at once. */
export const MESSAGES_CHANGED = 'scf:messages-changed';

export function announceMessagesChanged(): void {
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
}
