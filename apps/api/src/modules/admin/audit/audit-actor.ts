import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../plugins/policies';
import type { AuditActor } from './audit.service';

/** The caller of an admin route as the audit log records them (behind a role policy). */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return { id: user.id, email: user.email, role: user.role, requestId: request.id ?? null, ip: request.ip ?? null };
}
