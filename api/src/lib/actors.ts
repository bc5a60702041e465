import type { FastifyRequest } from 'fastify';
// The auth plugin declares request.staff and request.studentId.
import type {} from '../plugins/auth.js';
import { unauthorized } from './errors.js';

/** Who is acting, for the audit log. */
export interface Actor {
  id: string;
  ip: string;
}

/** A staff actor with the e-mail some audit rows and messages name. */
export interface StaffActor extends Actor {
  email: string;
}

/** The signed-in staff member of a staff-guarded route (the auth hook has checked them). */
export function staffActor(request: FastifyRequest): StaffActor {
  const staff = request.staff;
  if (!staff) {
    throw unauthorized();
  }
  return { id: staff.id, email: staff.email, ip: request.ip };
}

/** The signed-in student of a studentOnly route (the auth hook has checked them). */
export function studentIdOf(request: FastifyRequest): string {
  if (!request.studentId) {
    throw unauthorized();
  }
  return request.studentId;
}

/** The whole identity of the signed-in staff member (permissions included) of a staff route. */
export function signedInStaff(request: FastifyRequest): NonNullable<FastifyRequest['staff']> {
  if (!request.staff) {
    throw unauthorized();
  }
  return request.staff;
}
