import { ok, rsaKeySchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { PayloadKeyService } from './payload-key.service';

export async function sessionRoutes(app: FastifyInstance, opts: { payloadKeys: PayloadKeyService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/wps/session/key/rsa',
    {
      schema: {
        summary: 'Public key for encrypted payloads',
        tags: ['session'],
        response: { 200: ok(rsaKeySchema) },
      },
    },
    async () => envelope(await opts.payloadKeys.publicKey()),
  );
}
