/** The admin backup calls (docs/OPERATIONS.md "Backups"). */
import { api } from '../../../lib/api';

export interface BackupRow {
  name: string;
  /** Bytes. */
  size: number;
  /** Unix seconds. */
  created_at: number;
  scheduled: boolean;
}

export interface BackupOverview {
  backups: BackupRow[];
  /** File name of the backup this node is taking, or null. */
  running: string | null;
  last_error: string | null;
  schedule: { daily: boolean; keep: number };
}

const PATH = '/answer/admin/api/backups';

export const backupApi = {
  overview: () => api.get<BackupOverview>(PATH),
  start: () => api.post<{ name: string }>(PATH),
  restore: (name: string, confirm: string) => api.post<{ rows: number; files: number }>(`${PATH}/restore`, { name, confirm }),
  saveSchedule: (body: { daily: boolean; keep: number }) => api.put<null>(`${PATH}/schedule`, body),
  downloadUrl: (name: string) => `${PATH}/download?name=${encodeURIComponent(name)}`,
};
