import { useCallback, useState } from 'react';
import { toast } from '../../lib/toast';
import { imageMarkdown, uploadImage } from './upload';

/**
 * Uploads images one after the other and hands each one's markdown to `insert`; failures show a toast.
 * @returns `{upload(files), busy}`
 */
export function useImageUpload(insert: (markdown: string) => void): { upload: (files: Iterable<File>) => Promise<void>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const upload = useCallback(
    async (files: Iterable<File>) => {
      setBusy(true);
      try {
        for (const file of files) {
          try {
            insert(imageMarkdown(await uploadImage(file), file.name));
          } catch (err) {
            toast((err as Error).message, 'danger');
          }
        }
      } finally {
        setBusy(false);
      }
    },
    [insert],
  );
  return { upload, busy };
}
