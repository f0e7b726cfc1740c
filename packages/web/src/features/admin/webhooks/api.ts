/** The admin webhook calls (docs/API.md "Integrations"). */
import type { WebhookEvent } from '@quorum/contract';
import { api } from '../../../lib/api';

export interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  failure_count: number;
  created_at: number;
}

export interface DeliveryRow {
  id: string;
  event: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  response_code: number;
  error: string;
  created_at: number;
}

const PATH = '/answer/admin/api/webhooks';

export const webhookApi = {
  list: () => api.get<WebhookRow[]>(PATH),
  create: (body: { url: string; events: WebhookEvent[] }) => api.post<WebhookRow & { secret: string }>(PATH, body, { passingError: true }),
  remove: (id: string) => api.delete<null>(PATH, { id }),
  enable: (id: string) => api.put<null>(`${PATH}/enable`, { id }),
  deliveries: (id: string) => api.get<DeliveryRow[]>(`${PATH}/deliveries`, { id }),
};
