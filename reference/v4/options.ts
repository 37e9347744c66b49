// Route options shared by CORE's v4 routes.
import type { RouteOptions, Scope } from '../server/types.js';

export const either: RouteOptions = { auth: 'either', version: 'v4' };
export const appOnly = (scope: Scope): RouteOptions => ({ auth: 'appToken', scope, version: 'v4' });
export const scoped = (scope: Scope): RouteOptions => ({ auth: 'either', scope, version: 'v4' });
