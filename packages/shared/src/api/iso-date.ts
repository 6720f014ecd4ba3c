import { z } from '../zod.ts';

/** Timestamps travel as ISO 8601 strings with an offset. */
export const isoDate = z.iso.datetime({ offset: true });
