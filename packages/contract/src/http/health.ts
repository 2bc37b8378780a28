import { z } from 'zod';

export const HealthResponse = z
  .object({
    /** `down`: the database does not answer (a load balancer takes the process out). */
    status: z.enum(['ok', 'degraded', 'down']),
    database: z.enum(['embedded', 'server']),
    databaseState: z.enum(['ok', 'down']),
    redis: z.enum(['none', 'ok', 'down']),
    mode: z.enum(['sandbox', 'production']),
    market: z.enum(['TH', 'LA']),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
