import type { FastifyReply } from 'fastify';
import type { ScanRefusal } from './gs1.service.ts';

/**
 * A scan the parser refused, answered as `POST /api/gs1/parse` answers it: 400 `{status, message,
 * code, errors: {scan: message}}` (the error handler's envelope has no `code`, so the route sends it).
 */
export const sendScanRefusal = (reply: FastifyReply, refusal: ScanRefusal) =>
  reply.status(400).send({ status: 400, message: refusal.message, code: refusal.code, errors: { scan: refusal.message } });

/** What the API document says of every route reading a scan. */
export const scanRefusalNote = 'A scan the parser refuses: 400 `{status, message, code, errors: {scan: message}}`, `code` one of empty, notGs1, checkDigit, badElement, unknownAi.';
