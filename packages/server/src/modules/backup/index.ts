/** Backups and restores: the command line, the admin calls and the daily scheduled backup. */
export { runBackupCli, runRestoreCli } from './backup.cli.js';
export { createBackup, checkBackup, BackupRefused, type BackupSummary } from './backup.service.js';
export { restoreBackup, verifyBackup, RestoreFailed } from './backup.restore.js';
export { finishUnfinishedRestore, type Recovery } from './backup.recovery.js';
export { restorePending } from './backup.journal.js';
export { backupRoutes } from './backup.routes.js';
export { startBackupScheduler } from './backup.scheduler.js';
