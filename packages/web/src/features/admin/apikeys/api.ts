/** The admin API key calls (docs/API.md "Integrations"). */
import type { ApiKeyScope } from '@quorum/contract';
import { api } from '../../../lib/api';

export interface ApiKeyRow {
  id: string;
  name: string;
  scope: ApiKeyScope;
  key_prefix: string;
  user_id: string;
  username: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  revoked_at: number;
}

const PATH = '/answer/admin/api/api-keys';

export const apiKeyApi = {
  list: () => api.get<ApiKeyRow[]>(PATH),
  create: (body: { name: string; scope: ApiKeyScope; expires_at: number }) => api.post<ApiKeyRow & { key: string }>(PATH, body, { passingError: true }),
  revoke: (id: string) => api.delete<null>(PATH, { id }),
};
