import { z } from 'zod';

export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['embedded', 'server']),
    redis: z.enum(['none', 'ok', 'down']),
    mode: z.enum(['sandbox', 'production']),
    market: z.enum(['TH', 'LA']),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
