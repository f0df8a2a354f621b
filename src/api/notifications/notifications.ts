import type { Envelope, MarkNotificationRequest } from '../../../core/contract';
import { callOk } from '../kit/http';

// The list itself is one of the session's polled reads: fetchNotifications lives in ./session.

export const markNotification = (notificationId: number, signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/mark-notification', { notification_id: notificationId } satisfies MarkNotificationRequest, { signal });
