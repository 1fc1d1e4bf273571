import { Injectable } from '@nestjs/common';
import { PATH_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA, SSE_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ADMIN_ONLY } from './admin-only.decorator.js';
import { ADMIN_OPTIONAL } from './admin-optional.decorator.js';
import { isAdminPath } from './admin-auth.guard.js';
import { DRIVER_ONLY } from '../driver-auth/driver-only.decorator.js';
import { CUSTOMER_ONLY } from './customer-only.decorator.js';

export interface RouteEntry {
  method: string;
  path: string;
  adminOnly: boolean;
  adminOptional: boolean;
  /** A signed-in driver's route (session cookie). */
  driverOnly: boolean;
  /** A signed-in customer's route (their session cookie). */
  customerOnly: boolean;
  /** A server-sent events stream (it answers without end). */
  streams: boolean;
  /** Whether the handler reads a request body (`@Body()`); body-less routes ignore one. */
  takesBody: boolean;
  /** The controller class and its handler's name, where the API docs read the route's schemas. */
  controller: Function;
  handlerName: string;
}

/** Every HTTP route the gateway serves, with its admin protection: the auth test walks this list. */
@Injectable()
export class RouteTable {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  list(): RouteEntry[] {
    const routes: RouteEntry[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const proto = Object.getPrototypeOf(instance);
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = proto[name];
        const sub = Reflect.getMetadata(PATH_METADATA, handler);
        const method = Reflect.getMetadata(METHOD_METADATA, handler);
        if (sub === undefined || method === undefined) continue;
        for (const prefix of base) {
          for (const part of ([] as string[]).concat(sub)) {
            const path = `/${[prefix, part].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
            const marked = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, [handler, metatype]) === true;
            routes.push({
              method: RequestMethod[method as RequestMethod],
              path,
              adminOnly: marked || isAdminPath(path),
              adminOptional: this.reflector.getAllAndOverride<boolean>(ADMIN_OPTIONAL, [handler, metatype]) === true,
              driverOnly: this.reflector.getAllAndOverride<boolean>(DRIVER_ONLY, [handler, metatype]) === true,
              customerOnly: this.reflector.getAllAndOverride<boolean>(CUSTOMER_ONLY, [handler, metatype]) === true,
              streams: Reflect.getMetadata(SSE_METADATA, handler) === true,
              takesBody: readsBody(metatype, name),
              controller: metatype,
              handlerName: name,
            });
          }
        }
      }
    }
    return routes;
  }
}

/** Nest's RouteParamtypes.BODY (the enum is not exported from the package root). */
const BODY_PARAM = '3';

function readsBody(controller: object, method: string): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === BODY_PARAM);
}
