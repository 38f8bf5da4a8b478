import type { Notification } from './notifier';

/** A success or info notice with no action: it reports something done, and nothing more. */
export function isConfirmation({ severity, action }: Notification): boolean {
  return action === undefined && severity !== 'error' && severity !== 'warning';
}
