import { z } from 'zod';

/** Sandbox-only calls (APP_MODE=sandbox) that tests and demos use to drive the world. */

export const ServiceStateRequest = z.object({ terminated: z.boolean() }).meta({ id: 'ServiceStateRequest' });
export type ServiceStateRequest = z.infer<typeof ServiceStateRequest>;
export const ServiceStateResponse = ServiceStateRequest;
