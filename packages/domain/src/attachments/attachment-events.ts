import type { Permission } from '../permissions';

/**
 * Attachments' events name their owner by type and id: seen by any reader, as the attachments'
 * list is. Only an attach writes one: a detach's plan deletes by id and commits with its write,
 * so an event in it would be kept even when no row was there to remove.
 */
export const ATTACHMENT_EVENT_PERMISSION: Permission | null = null;
