/**
 * The contract's request schema of each settings PUT, so the forms check what the server checks.
 */
import type { ZodType } from 'zod';
import { SITEINFO_SECTIONS } from '@quorum/contract';

/** Settings section (URL name, or 'smtp') -> schema; null where the contract has none. */
export const SETTINGS_SCHEMAS: Record<string, ZodType | null> = { ...SITEINFO_SECTIONS };
