import type { AnnounceTopic } from '@renderer/core';

/** Fired on window when the user's in-site mail changed here (marked read): the bell refreshes at once. */
export const MESSAGES_CHANGED = 'scf:messages-changed';

export function announceMessagesChanged(): void {
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
}

/**
 * The portal's event of each topic a schema `request` action may announce (RendererProvider `announce`);
 * `session` and `product` are the session's own (src/pages/schema/SchemaRoutePage.tsx reads it again, or
 * switches product).
 */
type EventTopic = Exclude<AnnounceTopic, 'session' | 'product'>;
const TOPIC_EVENTS: Record<EventTopic, () => void> = {
  messages: announceMessagesChanged,
};

export function announceTopic(topic: EventTopic): void {
  TOPIC_EVENTS[topic]();
}
