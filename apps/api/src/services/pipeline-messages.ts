/** The messages of a closed day's pipeline on the audit queue (services/audit-queue.ts, services/archive.ts). */
import { COURSE_HOLES } from '@golf/engine';
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const playerId = z.string().min(1).max(64);
const key = z.object({ total: z.number().int(), finishedAt: z.number().int(), playerId });
export const messageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), date, pass: z.number().int().positive(), after: key.nullable() }),
  z.object({
    kind: z.literal('audit'),
    date,
    rounds: z.array(playerId).min(1).max(100),
    /** The holes already audited of the first round (a round cut short by the time box). */
    partial: z.object({ playerId, holes: z.array(z.unknown()).max(COURSE_HOLES) }).optional(),
  }),
  z.object({ kind: z.literal('archive'), date, after: playerId.nullable() }),
]);

export type PipelineMessage = z.infer<typeof messageSchema>;
export type AuditMessage = Extract<PipelineMessage, { kind: 'audit' }>;
